import { browser } from "@/lib/bridge/browser";
import { followHeight, isFramed, listenToHost, parentOrigin, postToParent } from "@/lib/bridge/host-bridge";
import { completeSignIn, completeSignOut, EMBED_BLOCKED_EVENT } from "@/lib/bridge/session";
import { envelope, readPortalMessage } from "@/lib/contract/host-bridge";

/**
 * The portal's side of the host bridge (docs/host-protocol.md): posts go to the parent at its exact
 * origin only; only the parent's checked messages are believed; the height never goes below 520;
 * a sign-in tells the host `login`, then the token 500 ms later; a frame that kept no session
 * says so instead of navigating.
 */
const HOST = "https://host.example";
const TOKEN = "a-session-token-0123456789abcdef";
type Posted = { message: unknown; origin: string };

let posted: Posted[];
let parent: { postMessage: jest.Mock };

function frameUnder(referrer: string | null): void {
  parent = { postMessage: jest.fn((message: unknown, origin: string) => posted.push({ message: readPortalMessage(message), origin })) };
  jest.spyOn(window, "parent", "get").mockReturnValue(parent as unknown as Window);
  Object.defineProperty(document, "referrer", { value: referrer ?? "", configurable: true });
}

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
}

beforeEach(() => {
  posted = [];
  window.sessionStorage.clear();
  jest.spyOn(browser, "assign").mockImplementation(() => undefined);
  jest.spyOn(browser, "close").mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe("outside a frame", () => {
  test("posts nothing and knows no parent", () => {
    expect(isFramed()).toBe(false);
    expect(parentOrigin()).toBeNull();
    postToParent({ type: "logout" }, HOST);
    expect(posted).toEqual([]);
  });
});

describe("in a host's frame", () => {
  test("learns the parent's origin from the first page's referrer and keeps it for the next pages", () => {
    frameUnder(`${HOST}/shop?x=1`);
    expect(parentOrigin()).toBe(HOST);
    Object.defineProperty(document, "referrer", { value: `${window.location.origin}/en/login`, configurable: true });
    expect(parentOrigin()).toBe(HOST);
  });

  test("posts the contract's messages to that exact origin", () => {
    frameUnder(HOST);
    postToParent({ type: "route", lang: "en", path: "/en/register" });
    expect(posted).toEqual([{ message: { type: "route", lang: "en", path: "/en/register" }, origin: HOST }]);
    expect(parent.postMessage.mock.calls.every((call) => call[1] !== "*")).toBe(true);
  });

  test("reloads only for a checked reload from the parent window at the parent's origin", () => {
    frameUnder(HOST);
    const reload = jest.fn();
    const stop = listenToHost(HOST, reload);
    const send = (data: unknown, source: MessageEventSource | null, origin = HOST) => window.dispatchEvent(new MessageEvent("message", { data, origin, source }));
    send(envelope({ type: "reload" }), window);
    send(envelope({ type: "reload" }), parent as unknown as Window, "https://evil.example");
    send({ type: "reload" }, parent as unknown as Window);
    send({ ...envelope({ type: "reload" }), version: 9 }, parent as unknown as Window);
    send("reload", parent as unknown as Window);
    expect(reload).not.toHaveBeenCalled();
    send(envelope({ type: "reload" }), parent as unknown as Window);
    expect(reload).toHaveBeenCalledTimes(1);
    stop();
  });

  test("reports the content's height on every change, never below 520", async () => {
    jest.useFakeTimers();
    frameUnder(HOST);
    let height = 300;
    jest.spyOn(document.body, "getBoundingClientRect").mockImplementation(() => ({ height }) as DOMRect);
    const stop = followHeight(HOST);
    height = 301;
    await jest.advanceTimersByTimeAsync(600);
    height = 912.4;
    await jest.advanceTimersByTimeAsync(600);
    height = 400;
    await jest.advanceTimersByTimeAsync(600);
    stop();
    expect(posted.map((p) => p.message)).toEqual([
      { type: "height", height: 520 },
      { type: "height", height: 913 },
      { type: "height", height: 520 },
    ]);
  });
});

describe("after a sign-in", () => {
  test("a frame tells its host `login` at once and the token 500 ms later, then goes on", async () => {
    jest.useFakeTimers();
    frameUnder(HOST);
    const fetch = jest.spyOn(global, "fetch").mockResolvedValue(answer({ ok: true, data: { signedIn: true } }));
    const done = completeSignIn({ redirect: "/en/profile/settings", host: { origin: HOST, mode: "frame", token: TOKEN } });
    await jest.advanceTimersByTimeAsync(0);
    expect(posted).toEqual([{ message: { type: "login" }, origin: HOST }]);
    await jest.advanceTimersByTimeAsync(499);
    expect(posted).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(posted[1]).toEqual({ message: { type: "token", token: TOKEN }, origin: HOST });
    await done;
    expect(fetch).toHaveBeenCalledWith("/api/embed/session", expect.anything());
    expect(browser.assign).toHaveBeenCalledWith("/en/profile/settings");
  });

  test("a frame that kept no session says so to the host and the page, and stays", async () => {
    frameUnder(HOST);
    jest.spyOn(global, "fetch").mockResolvedValue(answer({ ok: true, data: { signedIn: false } }));
    const blocked = jest.fn();
    window.addEventListener(EMBED_BLOCKED_EVENT, blocked);
    await completeSignIn({ redirect: "/en/profile/settings" });
    window.removeEventListener(EMBED_BLOCKED_EVENT, blocked);
    expect(posted).toEqual([{ message: { type: "sessionBlocked" }, origin: HOST }]);
    expect(blocked).toHaveBeenCalled();
    expect(browser.assign).not.toHaveBeenCalled();
  });

  test("a window a host opened hands the token to its opener and closes", async () => {
    const opener = { postMessage: jest.fn() };
    Object.defineProperty(window, "opener", { value: opener, configurable: true });
    try {
      await completeSignIn({ redirect: "/en/profile/settings", host: { origin: HOST, mode: "window", token: TOKEN } });
    } finally {
      Object.defineProperty(window, "opener", { value: null, configurable: true });
    }
    expect(opener.postMessage.mock.calls.map(([message, origin]) => [readPortalMessage(message), origin])).toEqual([
      [{ type: "login" }, HOST],
      [{ type: "token", token: TOKEN }, HOST],
    ]);
    expect(browser.close).toHaveBeenCalled();
  });

  test("a window the portal's frame opened hands the token to that frame's host, and only `login` to the frame", async () => {
    const host = { postMessage: jest.fn() };
    const frame = { postMessage: jest.fn(), parent: host };
    Object.defineProperty(window, "opener", { value: frame, configurable: true });
    try {
      await completeSignIn({ redirect: "/en/profile/settings", host: { origin: HOST, mode: "window", token: TOKEN, relay: true } });
    } finally {
      Object.defineProperty(window, "opener", { value: null, configurable: true });
    }
    expect(host.postMessage.mock.calls.map(([message, origin]) => [readPortalMessage(message), origin])).toEqual([
      [{ type: "login" }, HOST],
      [{ type: "token", token: TOKEN }, HOST],
    ]);
    expect(frame.postMessage.mock.calls.map(([message, origin]) => [readPortalMessage(message), origin])).toEqual([[{ type: "login" }, window.location.origin]]);
    expect(browser.close).toHaveBeenCalled();
  });

  test("an ordinary page posts nothing, visits the sibling sites in visit mode, then goes on", async () => {
    const fetch = jest.spyOn(global, "fetch").mockResolvedValue(new Response(null));
    await completeSignIn({ redirect: "/en/profile/settings", cookieVisits: 2 });
    expect(fetch.mock.calls.map(([url, init]) => [url, init?.mode])).toEqual([
      ["/api/cookie-sync/visit?site=0", "no-cors"],
      ["/api/cookie-sync/visit?site=1", "no-cors"],
    ]);
    expect(posted).toEqual([]);
    expect(browser.assign).toHaveBeenCalledWith("/en/profile/settings");
  });

  test("a sign-out tells the host `logout`, then goes on", () => {
    frameUnder(HOST);
    completeSignOut("/en/login");
    expect(posted).toEqual([{ message: { type: "logout" }, origin: HOST }]);
    expect(browser.assign).toHaveBeenCalledWith("/en/login");
  });
});
