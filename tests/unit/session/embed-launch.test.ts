/** @jest-environment node */
import { embedLaunchOf, isFramedRequest, launchCookieFor, readEmbed, sealEmbed, type LaunchNavigation } from "@/lib/session/embed";

const SECRET = "a-session-secret-of-at-least-32-characters!";
const OWN = "http://127.0.0.1:3402";
const HOST = "https://host.example";
const allowlist = [HOST];

function nav(overrides: Partial<LaunchNavigation>): LaunchNavigation {
  return { fetchMode: "navigate", fetchDest: "iframe", referer: `${HOST}/`, windowParam: false, relayParam: null, ownOrigin: OWN, allowlist, ...overrides };
}

describe("which host launched the portal (the browser's own navigation headers)", () => {
  it("a frame navigated by an allowlisted host is a frame launch for that host's origin", () => {
    expect(embedLaunchOf(nav({}))).toEqual({ host: HOST, mode: "frame" });
    expect(embedLaunchOf(nav({ referer: `${HOST}/shop/page?x=1` }))).toEqual({ host: HOST, mode: "frame" });
  });

  it("a frame navigated by another site, by the portal itself, or without a Referer launches nothing", () => {
    expect(embedLaunchOf(nav({ referer: "https://evil.example/" }))).toBeNull();
    expect(embedLaunchOf(nav({ referer: "https://host.example:8443/" }))).toBeNull();
    expect(embedLaunchOf(nav({ referer: `${OWN}/en/login` }))).toBeNull();
    expect(embedLaunchOf(nav({ referer: null }))).toBeNull();
    expect(embedLaunchOf(nav({ referer: "not a url" }))).toBeNull();
  });

  it("only a navigation counts: a fetch or an image carrying the same Referer launches nothing", () => {
    expect(embedLaunchOf(nav({ fetchMode: "no-cors", fetchDest: "image" }))).toBeNull();
    expect(embedLaunchOf(nav({ fetchMode: "cors", fetchDest: "empty" }))).toBeNull();
    expect(embedLaunchOf(nav({ fetchMode: null, fetchDest: null }))).toBeNull();
  });

  it("a window is a launch only with embed=window, from an allowlisted host or from the portal's own frame for its allowlisted host", () => {
    expect(embedLaunchOf(nav({ fetchDest: "document", windowParam: true }))).toEqual({ host: HOST, mode: "window" });
    expect(embedLaunchOf(nav({ fetchDest: "document", windowParam: false }))).toBeNull();
    expect(embedLaunchOf(nav({ fetchDest: "document", windowParam: true, referer: "https://evil.example/" }))).toBeNull();
    // the portal's own page: a launch only for the allowlisted host it names, never for itself
    const own = { fetchDest: "document", windowParam: true, referer: `${OWN}/en/login` };
    expect(embedLaunchOf(nav({ ...own, relayParam: HOST }))).toEqual({ host: HOST, mode: "window", relay: true });
    expect(embedLaunchOf(nav(own))).toBeNull();
    expect(embedLaunchOf(nav({ ...own, relayParam: OWN }))).toBeNull();
    expect(embedLaunchOf(nav({ ...own, relayParam: "https://evil.example" }))).toBeNull();
    expect(embedLaunchOf(nav({ ...own, relayParam: "javascript:alert(1)" }))).toBeNull();
    // another site cannot name a host for itself
    expect(embedLaunchOf(nav({ fetchDest: "document", windowParam: true, referer: "https://evil.example/", relayParam: HOST }))).toBeNull();
  });
});

describe("the sealed launch cookie", () => {
  it("holds the launch while fresh and while its host is still allowed", async () => {
    const now = Date.parse("2026-11-23T10:00:00Z");
    const frame = await sealEmbed({ host: HOST, mode: "frame" }, SECRET, now);
    expect(await readEmbed(frame, SECRET, allowlist, OWN, now + 60_000)).toEqual({ host: HOST, mode: "frame" });
    expect(await readEmbed(frame, SECRET, [], OWN, now + 60_000)).toBeNull();
    expect(await readEmbed(frame, SECRET, allowlist, OWN, now + 13 * 3600_000)).toBeNull();
    const window = await sealEmbed({ host: HOST, mode: "window" }, SECRET, now);
    expect(await readEmbed(window, SECRET, allowlist, OWN, now + 29 * 60_000)).toEqual({ host: HOST, mode: "window" });
    expect(await readEmbed(window, SECRET, allowlist, OWN, now + 31 * 60_000)).toBeNull();
  });

  it("never names the portal's own origin as a host, even with an empty allowlist (the token goes to allowlisted hosts only)", async () => {
    const own = await sealEmbed({ host: OWN, mode: "window" }, SECRET);
    expect(await readEmbed(own, SECRET, [], OWN)).toBeNull();
    expect(await readEmbed(own, SECRET, [OWN], OWN)).toBeNull();
    const forged = await sealEmbed({ host: OWN, mode: "frame" }, SECRET);
    expect(await readEmbed(forged, SECRET, [], OWN)).toBeNull();
    const relay = await sealEmbed({ host: HOST, mode: "window", relay: true }, SECRET);
    expect(await readEmbed(relay, SECRET, allowlist, OWN)).toEqual({ host: HOST, mode: "window", relay: true });
    expect(await readEmbed(relay, SECRET, [], OWN)).toBeNull();
  });

  it("is worthless when tampered with, sealed with another secret, or without a secret", async () => {
    const sealed = await sealEmbed({ host: HOST, mode: "frame" }, SECRET);
    expect(await readEmbed(`${sealed.slice(0, -4)}AAAA`, SECRET, allowlist, OWN)).toBeNull();
    expect(await readEmbed(sealed, `${SECRET}-rotated`, allowlist, OWN)).toBeNull();
    expect(await readEmbed(sealed, null, allowlist, OWN)).toBeNull();
    expect(await readEmbed("garbage", SECRET, allowlist, OWN)).toBeNull();
  });

  it("is made by a launching navigation only", async () => {
    const config = { embedAllowedOrigins: allowlist, sessionSecret: SECRET };
    const headers = (extra: Record<string, string>) => new Headers({ "sec-fetch-mode": "navigate", referer: `${HOST}/`, ...extra });
    const made = await launchCookieFor(headers({ "sec-fetch-dest": "iframe" }), new URL(`${OWN}/en/login`), OWN, config);
    expect(made?.framed).toBe(true);
    expect(await readEmbed(made?.value, SECRET, allowlist, OWN)).toEqual({ host: HOST, mode: "frame" });
    expect(await launchCookieFor(headers({ "sec-fetch-dest": "document" }), new URL(`${OWN}/en/login`), OWN, config)).toBeNull();
    const window = await launchCookieFor(headers({ "sec-fetch-dest": "document" }), new URL(`${OWN}/en/login?embed=window`), OWN, config);
    expect(window?.framed).toBe(false);
    expect(await launchCookieFor(headers({ "sec-fetch-dest": "iframe" }), new URL(`${OWN}/en/login`), OWN, { ...config, sessionSecret: null })).toBeNull();
  });
});

describe("whether cookies belong in a frame's partition (CHIPS)", () => {
  it("yes for a frame navigation, a request Chromium marks as cross-site context, or one carrying a frame launch", () => {
    expect(isFramedRequest({ fetchDest: "iframe", storageAccess: null, launch: null })).toBe(true);
    expect(isFramedRequest({ fetchDest: "empty", storageAccess: "none", launch: null })).toBe(true);
    expect(isFramedRequest({ fetchDest: "empty", storageAccess: null, launch: { host: HOST, mode: "frame" } })).toBe(true);
    expect(isFramedRequest({ fetchDest: "document", storageAccess: null, launch: { host: HOST, mode: "window" } })).toBe(false);
    expect(isFramedRequest({ fetchDest: null, storageAccess: null, launch: null })).toBe(false);
  });
});
