import { readFileSync } from "node:fs";
import path from "node:path";
import { envelope, HOST_PROTOCOL, HOST_PROTOCOL_VERSION, MIN_EMBED_HEIGHT, readHostMessage, readPortalMessage, type PortalMessage } from "@/lib/contract/host-bridge";

/**
 * The host's view (public/embed/passport-embed.js): the script a host includes creates the frame,
 * follows its height, hands over tokens and events, sends reload, and believes only the portal's
 * own window at the portal's own origin. It speaks the contract's protocol exactly.
 */
type Listener = (value: unknown) => void;
type Embedded = { iframe: HTMLIFrameElement; origin: string; on(type: string, listener: Listener): () => void; reload(): void; destroy(): void };
type Opened = { window: Window; on(type: string, listener: Listener): () => void; close(): void };
type PassportEmbedApi = {
  frame(options: Record<string, unknown>): Embedded;
  window(options: Record<string, unknown>): Opened;
  signIn(options: Record<string, unknown>): Promise<Embedded | { code: string } | null>;
  read(data: unknown): unknown;
  PROTOCOL: string;
  VERSION: number;
  MIN_HEIGHT: number;
};

const PORTAL = "https://passport.example";
const script = readFileSync(path.join(process.cwd(), "public/embed/passport-embed.js"), "utf8");

function load(): PassportEmbedApi {
  new Function(script)();
  return (window as unknown as { PassportEmbed: PassportEmbedApi }).PassportEmbed;
}

function post(data: unknown, source: MessageEventSource | null, origin = PORTAL): void {
  window.dispatchEvent(new MessageEvent("message", { data, origin, source }));
}

const TOKEN = "a-session-token-0123456789abcdef";

let api: PassportEmbedApi;
let container: HTMLElement;
beforeEach(() => {
  api = load();
  container = document.createElement("div");
  document.body.append(container);
});
afterEach(() => container.remove());

describe("PassportEmbed.frame", () => {
  test("creates the frame at the minimum height, telling the portal only its origin", () => {
    const portal = api.frame({ container, src: `${PORTAL}/en/login?p=atomm` });
    expect(portal.iframe.src).toBe(`${PORTAL}/en/login?p=atomm`);
    expect(portal.iframe.referrerPolicy).toBe("origin");
    // passkeys in the frame: WebAuthn delegated to the portal (the frame's own src) only
    expect(portal.iframe.getAttribute("allow")).toBe("publickey-credentials-get; publickey-credentials-create; identity-credentials-get");
    expect(portal.iframe.style.height).toBe("520px");
    expect(container.contains(portal.iframe)).toBe(true);
    portal.destroy();
    expect(container.contains(portal.iframe)).toBe(false);
  });

  test("follows the portal's height and hands over its events and the token", () => {
    const seen: unknown[] = [];
    const portal = api.frame({ container, src: `${PORTAL}/zh/login`, onToken: (token: unknown) => seen.push(["token", token]), onLogin: () => seen.push("login") });
    portal.on("logout", () => seen.push("logout"));
    portal.on("route", (message) => seen.push(message));
    const source = portal.iframe.contentWindow;
    post(envelope({ type: "height", height: 812 }), source);
    expect(portal.iframe.style.height).toBe("812px");
    post(envelope({ type: "login" }), source);
    post(envelope({ type: "token", token: TOKEN }), source);
    post(envelope({ type: "route", lang: "zh", path: "/zh/profile/settings" }), source);
    post(envelope({ type: "logout" }), source);
    expect(seen).toEqual(["login", ["token", TOKEN], { type: "route", lang: "zh", path: "/zh/profile/settings" }, "logout"]);
    portal.destroy();
  });

  test("ignores another origin, another window, a malformed message and another version", () => {
    const seen: unknown[] = [];
    const portal = api.frame({ container, src: `${PORTAL}/en/login`, onToken: (token: unknown) => seen.push(token), onHeight: (h: unknown) => seen.push(h) });
    const source = portal.iframe.contentWindow;
    post(envelope({ type: "token", token: TOKEN }), source, "https://evil.example");
    post(envelope({ type: "token", token: TOKEN }), window);
    post({ ...envelope({ type: "token", token: TOKEN }), version: 2 }, source);
    post({ type: "token", token: TOKEN }, source);
    post(envelope({ type: "token", token: "short" }), source);
    post(envelope({ type: "height", height: 100 }), source);
    post(envelope({ type: "height", height: "900" as unknown as number }), source);
    post("reload", source);
    post(null, source);
    expect(seen).toEqual([]);
    expect(portal.iframe.style.height).toBe("520px");
    portal.destroy();
  });

  test("hears the sign-in from a window its frame opened, and nothing else from it", () => {
    const seen: unknown[] = [];
    const portal = api.frame({ container, src: `${PORTAL}/en/login`, onToken: (token: unknown) => seen.push(["token", token]), onLogin: () => seen.push("login"), onHeight: (h: unknown) => seen.push(h) });
    const opened = { opener: portal.iframe.contentWindow } as unknown as MessageEventSource;
    const stranger = { opener: window } as unknown as MessageEventSource;
    post(envelope({ type: "token", token: TOKEN }), stranger);
    post(envelope({ type: "token", token: TOKEN }), opened, "https://evil.example");
    post(envelope({ type: "height", height: 900 }), opened);
    post(envelope({ type: "login" }), opened);
    post(envelope({ type: "token", token: TOKEN }), opened);
    expect(seen).toEqual(["login", ["token", TOKEN]]);
    expect(portal.iframe.style.height).toBe("520px");
    portal.destroy();
  });

  test("sends reload to the portal's exact origin, never '*'", () => {
    const portal = api.frame({ container, src: `${PORTAL}/en/login` });
    const target = portal.iframe.contentWindow;
    if (!target) throw new Error("no frame window");
    const spy = jest.spyOn(target, "postMessage").mockImplementation(() => undefined);
    portal.reload();
    expect(spy).toHaveBeenCalledWith({ protocol: "passport", version: 1, type: "reload" }, PORTAL);
    expect(readHostMessage(spy.mock.calls[0]?.[0])).toEqual({ type: "reload" });
    portal.destroy();
  });
});

test("PassportEmbed.window opens the portal in window mode and believes only that window", () => {
  const opened = { close: jest.fn() } as unknown as Window;
  const open = jest.spyOn(window, "open").mockReturnValue(opened);
  const tokens: unknown[] = [];
  const win = api.window({ src: `${PORTAL}/en/login?p=atomm`, onToken: (token: unknown) => tokens.push(token) });
  expect(new URL(String(open.mock.calls[0]?.[0])).searchParams.get("embed")).toBe("window");
  post(envelope({ type: "token", token: TOKEN }), window);
  post(envelope({ type: "token", token: TOKEN }), opened);
  expect(tokens).toEqual([TOKEN]);
  win.close();
  expect(opened.close).toHaveBeenCalled();
  open.mockRestore();
});

test("speaks the contract's protocol: same name, version, minimum and message checks", () => {
  expect([api.PROTOCOL, api.VERSION, api.MIN_HEIGHT]).toEqual([HOST_PROTOCOL, HOST_PROTOCOL_VERSION, MIN_EMBED_HEIGHT]);
  const messages: PortalMessage[] = [
    { type: "ready", lang: "en", path: "/en/login" },
    { type: "height", height: 520 },
    { type: "height", height: 4000 },
    { type: "route", lang: "zh", path: "/zh/register" },
    { type: "login" },
    { type: "token", token: TOKEN },
    { type: "logout" },
    { type: "sessionBlocked" },
  ];
  for (const message of messages) expect(api.read(envelope(message))).toEqual(readPortalMessage(envelope(message)));
  const malformed = [
    envelope({ type: "height", height: 519 }),
    envelope({ type: "height", height: 600.5 }),
    envelope({ type: "route", lang: "fr", path: "/fr/login" }),
    envelope({ type: "route", lang: "en", path: "relative" }),
    { ...envelope({ type: "login" }), protocol: "other" },
    envelope({ type: "reload" } as unknown as PortalMessage),
    [],
  ];
  for (const data of malformed) {
    expect(readPortalMessage(data)).toBeNull();
    expect(api.read(data)).toBeNull();
  }
});

describe("PassportEmbed.signIn (docs/fedcm.md)", () => {
  const CONFIG = `${PORTAL}/oidc/fedcm/config.json`;
  type Get = (request: unknown) => Promise<unknown>;
  function withFedcm(get: Get): () => void {
    const credentials = Object.getOwnPropertyDescriptor(navigator, "credentials");
    Object.defineProperty(window, "IdentityCredential", { value: function IdentityCredential() {}, configurable: true });
    Object.defineProperty(navigator, "credentials", { value: { get }, configurable: true });
    return () => {
      Reflect.deleteProperty(window, "IdentityCredential");
      if (credentials) Object.defineProperty(navigator, "credentials", credentials);
      else Reflect.deleteProperty(navigator, "credentials");
    };
  }

  test("without FedCM (Firefox, Safari) it embeds the portal's frame and says why", async () => {
    const reasons: unknown[] = [];
    const result = await api.signIn({ configURL: CONFIG, clientId: "brand", fallback: { container, src: `${PORTAL}/en/login` }, onFallback: (_frame: unknown, reason: unknown) => reasons.push(reason) });
    expect(reasons).toEqual(["unsupported"]);
    expect(result && "iframe" in result ? result.iframe.src : null).toBe(`${PORTAL}/en/login`);
  });

  test("with FedCM it asks the browser for the passport (active on a click) and hands the code over", async () => {
    const asked: unknown[] = [];
    const restore = withFedcm((request) => {
      asked.push(request);
      return Promise.resolve({ token: "the-code" });
    });
    try {
      const codes: unknown[] = [];
      const result = await api.signIn({ configURL: CONFIG, clientId: "brand", mode: "active", params: { nonce: "n1" }, onCode: (code: unknown) => codes.push(code), fallback: { container, src: `${PORTAL}/en/login` } });
      expect(asked).toEqual([{ identity: { providers: [{ configURL: CONFIG, clientId: "brand", params: { nonce: "n1" } }], mode: "active" } }]);
      expect(codes).toEqual(["the-code"]);
      expect(result).toEqual({ code: "the-code" });
      expect(container.querySelector("iframe")).toBeNull();
    } finally {
      restore();
    }
  });

  test("dismissed (or signed out of the passport), it falls back to the frame; passive asks with optional mediation", async () => {
    const asked: unknown[] = [];
    const restore = withFedcm((request) => {
      asked.push(request);
      return Promise.reject(new DOMException("dismissed", "NetworkError"));
    });
    try {
      const reasons: unknown[] = [];
      await api.signIn({ configURL: CONFIG, clientId: "brand", fallback: { container, src: `${PORTAL}/en/login` }, onFallback: (_frame: unknown, reason: unknown) => reasons.push(reason) });
      expect(asked).toEqual([{ identity: { providers: [{ configURL: CONFIG, clientId: "brand" }] }, mediation: "optional" }]);
      expect(reasons).toEqual(["NetworkError"]);
      expect(container.querySelector("iframe")?.getAttribute("src")).toBe(`${PORTAL}/en/login`);
    } finally {
      restore();
    }
  });
});
