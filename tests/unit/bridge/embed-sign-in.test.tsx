import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FramedSignIn } from "@/components/embed/framed-sign-in";
import { NativeSignIn } from "@/components/embed/native-sign-in";
import { browser } from "@/lib/bridge/browser";
import { EMBED_BLOCKED_EVENT } from "@/lib/bridge/session";
import { envelope } from "@/lib/contract/host-bridge";
import { startReferenceBridge, type ReferenceBridge } from "../../support/reference-bridge";
import { messages, renderIn } from "../support/render";

/**
 * The sign-in screens' extras (docs/embedding.md): in a frame that keeps no cookies, a notice and
 * a new window whose sign-in is passed on to the host; in a native app's webview, "Sign in with
 * the app" through the native bridge, when the bridge answers and the app is not a low version.
 */
const HOST = "https://host.example";
const TOKEN = "a-session-token-0123456789abcdef";
/** Each bridge listens on a port the system picks: not the real 9527, nor a fixed port another test run may hold. */
const ANY_PORT = 0;

function frameUnder(parent: { postMessage: jest.Mock }): void {
  jest.spyOn(window, "parent", "get").mockReturnValue(parent as unknown as Window);
  Object.defineProperty(document, "referrer", { value: `${HOST}/`, configurable: true });
}

function setQuery(query: string): void {
  window.history.replaceState(null, "", `/en/login${query}`);
}

beforeEach(() => {
  jest.spyOn(browser, "assign").mockImplementation(() => undefined);
  setQuery("");
});
afterEach(() => jest.restoreAllMocks());

describe("in a host's frame", () => {
  test("where the browser keeps no cookie: says so, opens a window for its host, and never relays a token itself", async () => {
    const parent = { postMessage: jest.fn() };
    frameUnder(parent);
    jest.spyOn(document, "cookie", "get").mockReturnValue("");
    const opened = {} as Window;
    const open = jest.spyOn(window, "open").mockReturnValue(opened);
    setQuery("?p=atomm&s=pc");
    renderIn("zh", <FramedSignIn lang="zh" />);
    const m = messages.zh.embed;
    expect(await screen.findByText(m.blocked)).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: m.openWindow }));
    // the window is told which host to hand the sign-in to (the server checks it is allowlisted)
    expect(open.mock.calls[0]?.[0]).toBe(`/zh/login?p=atomm&s=pc&embed=window&relay=${encodeURIComponent(HOST)}`);

    // the window hands the sign-in to the host itself; this frame only hears that it happened
    const send = (data: unknown, source: MessageEventSource, origin = window.location.origin) =>
      act(() => void window.dispatchEvent(new MessageEvent("message", { data, origin, source })));
    send(envelope({ type: "login" }), window);
    send(envelope({ type: "login" }), opened as MessageEventSource, HOST);
    expect(screen.queryByText(m.signedInElsewhere)).toBeNull();
    send(envelope({ type: "login" }), opened as MessageEventSource);
    send(envelope({ type: "token", token: TOKEN }), opened as MessageEventSource);
    expect(parent.postMessage).not.toHaveBeenCalled();
    expect(await screen.findByText(m.signedInElsewhere)).toBeVisible();
  });

  test("where cookies work the notice appears only after a sign-in that did not last", async () => {
    frameUnder({ postMessage: jest.fn() });
    renderIn("en", <FramedSignIn lang="en" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(screen.queryByText(messages.en.embed.blocked)).toBeNull();
    act(() => void window.dispatchEvent(new CustomEvent(EMBED_BLOCKED_EVENT)));
    expect(await screen.findByText(messages.en.embed.blocked)).toBeVisible();
  });

  test("asks for storage access as it loads: granted unasked (after FedCM, docs/fedcm.md) it looks for the browser's sign-in; refused, it offers the button and says nothing", async () => {
    frameUnder({ postMessage: jest.fn() });
    const adopt = jest.fn(() => Promise.resolve(new Response(JSON.stringify({ ok: true, data: { signedIn: false } }))));
    jest.spyOn(global, "fetch").mockImplementation(adopt);
    const doc = document as Document & { hasStorageAccess?: () => Promise<boolean>; requestStorageAccess?: () => Promise<void> };
    for (const granted of [true, false]) {
      adopt.mockClear();
      doc.hasStorageAccess = () => Promise.resolve(false);
      doc.requestStorageAccess = () => (granted ? Promise.resolve() : Promise.reject(new DOMException("not allowed", "NotAllowedError")));
      const { unmount } = renderIn("en", <FramedSignIn lang="en" />);
      expect(await screen.findByRole("button", { name: messages.en.embed.useBrowserSession })).toBeVisible();
      if (granted) await waitFor(() => expect(adopt).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/embed\/adopt\?/), expect.objectContaining({ method: "POST" })));
      else expect(adopt).not.toHaveBeenCalled();
      // quiet: no "no sign-in in this browser" note for a look the user did not ask for
      expect(screen.queryByText(messages.en.embed.noBrowserSession)).toBeNull();
      unmount();
    }
    Reflect.deleteProperty(doc, "hasStorageAccess");
    Reflect.deleteProperty(doc, "requestStorageAccess");
  });

  test("asks as it loads only once the host's click has lapsed, so the request is never the browser's prompt", async () => {
    frameUnder({ postMessage: jest.fn() });
    jest.spyOn(global, "fetch").mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ ok: true, data: { signedIn: false } }))));
    const activation = { isActive: true };
    Object.defineProperty(navigator, "userActivation", { value: activation, configurable: true });
    const doc = document as Document & { hasStorageAccess?: () => Promise<boolean>; requestStorageAccess?: () => Promise<void> };
    const asked: boolean[] = [];
    doc.hasStorageAccess = () => Promise.resolve(false);
    doc.requestStorageAccess = () => {
      asked.push(activation.isActive);
      return Promise.reject(new DOMException("not allowed", "NotAllowedError"));
    };
    const { unmount } = renderIn("en", <FramedSignIn lang="en" />);
    expect(await screen.findByRole("button", { name: messages.en.embed.useBrowserSession })).toBeVisible();
    // the frame holds the host's click: it waits
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(asked).toEqual([]);
    activation.isActive = false;
    await waitFor(() => expect(asked).toEqual([false]));
    unmount();
    Reflect.deleteProperty(navigator, "userActivation");
    Reflect.deleteProperty(doc, "hasStorageAccess");
    Reflect.deleteProperty(doc, "requestStorageAccess");
  });

  test("renders nothing outside a frame", async () => {
    const { container } = renderIn("en", <FramedSignIn lang="en" />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(container).toBeEmptyDOMElement();
  });
});

describe("in a native app's webview", () => {
  let bridge: ReferenceBridge;
  afterEach(async () => {
    await bridge.close();
  });

  test("signs in with the app and brings its token in by a navigation the middleware takes", async () => {
    bridge = await startReferenceBridge({ port: ANY_PORT, login: { token: TOKEN, afterMs: 20 } });
    setQuery("?p=atomm&av=2.6.0");
    renderIn("en", <NativeSignIn lang="en" bridgeOrigin={bridge.origin} />);
    await userEvent.click(await screen.findByRole("button", { name: messages.en.embed.nativeSignIn }));
    await waitFor(() => expect(browser.assign).toHaveBeenCalled());
    const next = new URL(String(jest.mocked(browser.assign).mock.calls[0]?.[0]));
    expect(next.pathname).toBe("/en/login");
    expect(next.searchParams.get("ut")).toBe(TOKEN);
    expect(next.searchParams.get("p")).toBe("atomm");
  });

  test("offers nothing to a low app version, nor without an app version, even with a bridge there", async () => {
    bridge = await startReferenceBridge({ port: ANY_PORT });
    for (const query of ["?p=creative_space&av=1.6.9", "?p=passport&s=mobile&av=1.2", ""]) {
      setQuery(query);
      const { unmount } = renderIn("en", <NativeSignIn lang="en" bridgeOrigin={bridge.origin} />);
      await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
      expect(screen.queryByRole("button", { name: messages.en.embed.nativeSignIn })).toBeNull();
      unmount();
    }
  });
});
