import { runCli } from "@/lib/backend/cli/run";
import { registerUser } from "./support/harness";
import { authorization, Browser, CALLBACK, newClient, providerPerTest, redeem, relyingParty, type Authorization } from "./support/oidc";

/**
 * A third-party app gets a consent screen naming what it asks for, in the user's language; Allow
 * grants just that (the tokens carry only those scopes) and is remembered, Deny sends the app
 * access_denied with `iss`. The form carries the interaction's protection: a form from elsewhere
 * or without the page's token is refused and changes nothing.
 */
const provider = providerPerTest();

async function signedInBrowser(email: string): Promise<Browser> {
  const browser = new Browser(provider.origin);
  browser.signInToPortal((await registerUser(email)).utoken);
  return browser;
}

type Screen = { html: string; action: string; xsrf: string };

async function consentScreen(browser: Browser, started: Authorization): Promise<Screen> {
  const { response, location } = await browser.follow(started.url.href);
  expect(location).toBeNull();
  expect(response.status).toBe(200);
  const html = await response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? "";
  const xsrf = /name="xsrf" value="([0-9a-f]+)"/.exec(html)?.[1] ?? "";
  expect(action).toMatch(/^\/oidc\/interaction\//);
  return { html, action, xsrf };
}

async function decide(browser: Browser, screen: Screen, decision: string, headers: Record<string, string> = { origin: provider.origin }, xsrf = screen.xsrf) {
  const response = await browser.request(screen.action, { body: new URLSearchParams({ xsrf, decision }), headers });
  const location = response.headers.get("location");
  return location ? browser.follow(location) : { response, location: null };
}

test("a third-party app: the consent screen names it and what it asks; Allow gives only that; the grant is remembered until it asks more", async () => {
  const { clientId } = await newClient({ name: "Outside Maker", firstParty: false });
  const config = await relyingParty(provider.origin, clientId);
  const browser = await signedInBrowser("consent@example.com");
  const started = await authorization(config, { scope: "openid email" });

  const screen = await consentScreen(browser, started);
  expect(screen.html).toContain("Outside Maker");
  expect(screen.html).toContain("See your email address");
  expect(screen.html).not.toContain("nickname");
  const callback = (await decide(browser, screen, "allow")).location;
  expect(callback?.href.startsWith(CALLBACK)).toBe(true);
  const tokens = await redeem(config, callback ?? new URL(CALLBACK), started);
  expect(tokens.scope?.split(" ").sort()).toEqual(["email", "openid"]);
  const userinfo = (await (await fetch(`${provider.origin}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).json()) as Record<string, unknown>;
  expect(userinfo.email).toBe("consent@example.com");
  expect(userinfo).not.toHaveProperty("name");

  // asked again for the same: no screen
  const again = await authorization(config, { scope: "openid email" });
  expect((await browser.follow(again.url.href)).location?.href.startsWith(CALLBACK)).toBe(true);
  // asked for more: the screen again, for the profile
  const more = await consentScreen(browser, await authorization(config, { scope: "openid email profile" }));
  expect(more.html).toContain("See your nickname and avatar");
  // prompt=consent: the screen again
  await consentScreen(browser, await authorization(config, { scope: "openid email", prompt: "consent" }));
});

test("Deny sends the app access_denied with iss; in Chinese the screen is in Chinese (an app registered by client:create --third-party)", async () => {
  const out: string[] = [];
  const argv = ["client:create", "--name", "Outside Maker", "--kind", "public", "--redirect-uri", CALLBACK, "--third-party", "--reason", "partner app", "--json"];
  expect(await runCli(argv, { out: (line) => out.push(line), err: () => undefined })).toBe(0);
  const { clientId } = JSON.parse(out.join("")) as { clientId: string };
  const config = await relyingParty(provider.origin, clientId);
  const browser = await signedInBrowser("deny@example.com");
  const started = await authorization(config, { ui_locales: "zh-CN" });

  const screen = await consentScreen(browser, started);
  expect(screen.html).toContain("允许此应用？");
  expect(screen.html).toContain("查看您的邮箱地址");
  const callback = (await decide(browser, screen, "deny")).location;
  expect(callback?.href.startsWith(CALLBACK)).toBe(true);
  expect(callback?.searchParams.get("error")).toBe("access_denied");
  expect(callback?.searchParams.get("iss")).toBe(provider.origin);
  expect(callback?.searchParams.get("state")).toBe(started.state);
  expect(callback?.searchParams.has("code")).toBe(false);
});

test("a consent form from another site, or without the page's token, is refused and changes nothing", async () => {
  const { clientId } = await newClient({ name: "Outside Maker", firstParty: false });
  const config = await relyingParty(provider.origin, clientId);
  const browser = await signedInBrowser("forged@example.com");
  const started = await authorization(config);
  const screen = await consentScreen(browser, started);

  expect((await decide(browser, screen, "allow", { origin: "https://evil.example" })).response.status).toBe(403);
  expect((await decide(browser, screen, "allow", { origin: provider.origin }, "0".repeat(64))).response.status).toBe(403);
  expect((await decide(browser, screen, "maybe")).response.status).toBe(400);
  // an oversized form is answered at once (413), before the interaction is looked up
  const huge = await fetch(new URL(screen.action, provider.origin), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: provider.origin }, body: `xsrf=${"a".repeat(100_000)}` });
  expect(huge.status).toBe(413);
  // still waiting for the user's answer, which still works
  const shown = await browser.request(screen.action);
  expect(shown.status).toBe(200);
  expect(await shown.text()).toContain(screen.xsrf);
  expect((await decide(browser, screen, "allow")).location?.href.startsWith(CALLBACK)).toBe(true);
});

test("a first-party app is not asked", async () => {
  const { clientId } = await newClient();
  const config = await relyingParty(provider.origin, clientId);
  const browser = await signedInBrowser("first@example.com");
  const started = await authorization(config);
  expect((await browser.follow(started.url.href)).location?.href.startsWith(CALLBACK)).toBe(true);
});
