import { call, registerUser } from "./support/harness";
import { authorization, Browser, CALLBACK, LOGGED_OUT, newClient, providerPerTest, redeem, relyingParty, signInThroughProvider } from "./support/oidc";
import * as client from "openid-client";

/**
 * RP-initiated logout (the conformance suite's RP-initiated logout plan): the app sends the user to
 * the end-session endpoint with its ID token and a registered post-logout URI; the user confirms on
 * the provider's page (both languages) and is sent back with the app's state. "Sign out everywhere"
 * ends the provider's session, the app's grant and the portal's sign-in. An unregistered
 * post-logout URI gets the error page, never a redirect.
 */
const server = providerPerTest();

async function signedIn(email: string) {
  const { utoken } = await registerUser(email);
  const { clientId } = await newClient();
  const config = await relyingParty(server.origin, clientId);
  const browser = new Browser(server.origin);
  browser.signInToPortal(utoken);
  const started = await authorization(config);
  const tokens = await redeem(config, await signInThroughProvider(browser, started), started);
  return { utoken, config, browser, tokens };
}

function confirmForm(html: string): { action: string; xsrf: string } {
  return { action: /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1] ?? "", xsrf: /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? "" };
}

test("sign out everywhere: back to the app's post-logout URI with its state; the provider's and the portal's sessions end, the tokens die", async () => {
  const { utoken, config, browser, tokens } = await signedIn("leaving@example.com");
  const end = client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token ?? "", post_logout_redirect_uri: LOGGED_OUT, state: "bye-1", ui_locales: "zh-CN" });
  const page = await browser.request(end.href);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("确定退出登录？");
  expect(html).toContain("全部退出");
  const form = confirmForm(html);
  const confirmed = await browser.request(form.action, { body: new URLSearchParams({ xsrf: form.xsrf, logout: "yes" }) });
  expect(confirmed.status).toBe(303);
  const back = new URL(confirmed.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(LOGGED_OUT);
  expect(back.searchParams.get("state")).toBe("bye-1");

  expect((await fetch(`${server.origin}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
  expect(await call("GET", "/v1/user/basic", { token: utoken })).toMatchObject({ code: 20101 });
  const silent = await browser.follow((await authorization(config, { prompt: "none" })).url.href);
  expect(silent.location?.href.startsWith(CALLBACK)).toBe(true);
  expect(silent.location?.searchParams.get("error")).toBe("login_required");
});

test("only this app: the app's tokens die, the portal stays signed in", async () => {
  const { utoken, config, browser, tokens } = await signedIn("staying@example.com");
  const page = await browser.request(client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token ?? "", post_logout_redirect_uri: LOGGED_OUT }).href);
  const html = await page.text();
  expect(html).toContain("Only this app");
  const form = confirmForm(html);
  const confirmed = await browser.request(form.action, { body: new URLSearchParams({ xsrf: form.xsrf }) });
  expect(confirmed.status).toBe(303);
  expect((await fetch(`${server.origin}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401);
  expect(await call("GET", "/v1/user/basic", { token: utoken })).toMatchObject({ code: 0 });
});

test("a post-logout URI that is not registered gets the error page, never a redirect, and signs nobody out", async () => {
  const { utoken, config, browser, tokens } = await signedIn("tricked@example.com");
  for (const uri of ["https://evil.example/logged-out", `${LOGGED_OUT}/`]) {
    const response = await browser.request(client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token ?? "", post_logout_redirect_uri: uri }).href);
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
    expect(await response.text()).toContain("<code>invalid_request</code>");
  }
  expect((await fetch(`${server.origin}/oidc/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(200);
  expect(await call("GET", "/v1/user/basic", { token: utoken })).toMatchObject({ code: 0 });
});
