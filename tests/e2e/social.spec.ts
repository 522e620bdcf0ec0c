import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createAccount } from "./support/accounts";
import { uniqueEmail } from "./support/mailbox";
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/screen-checks";
import { expectUserCentre, logInWithPassword, logOut, messages } from "./support/screens";
import { openSecurity } from "./support/security-screens";
import { consentAtProvider, keepToLoopback, providerButton, signInAtGoogle, socialRow } from "./support/social-screens";

/**
 * Social sign-in end to end, in Chromium, against real OpenID Connect providers on loopback
 * (one per provider, started by the run): sign-up, sign-in, connecting and disconnecting,
 * the account-connection screen, and a refused consent. Google is a standard provider with its
 * default claims (panva's oidc-provider: the email in userinfo only); Facebook the test provider.
 */
test.beforeEach(async ({ context }) => {
  await keepToLoopback(context);
});

test("a new user signs up with Google, sees the success screen, lands on settings, and signs in again with the same button", async ({ page }) => {
  const lang = "en";
  const m = messages[lang];
  const email = uniqueEmail("google-new");

  await page.goto(`/${lang}/login`);
  const google = providerButton(page, lang, "Google");
  await expect(google).toHaveAttribute("data-analytics-id", "googleLogin");
  await expect(providerButton(page, lang, "Facebook")).toHaveAttribute("data-analytics-id", "facebookLogin");
  await google.click();
  // a standard provider: the email comes from its userinfo answer, not the ID token
  await signInAtGoogle(page, "Allow", email);

  await expect(page).toHaveURL(/\/en\/social\/welcome/);
  await expect(page.getByRole("heading", { name: m.social.welcome.title })).toBeVisible();
  await expect(page.getByText(m.social.welcome.created.replace("{provider}", "Google"))).toBeVisible();
  await page.getByRole("link", { name: m.social.welcome.continue }).click();
  await expectUserCentre(page, lang, email);
  // The session cookie follows the same rules as every sign-in.
  const cookie = (await page.context().cookies()).find((c) => c.name === "utoken");
  expect(cookie?.httpOnly).toBe(true);

  // the provider remembers this browser and sends it straight back
  await logOut(page, lang);
  await providerButton(page, lang, "Google").click();
  await expectUserCentre(page, lang, email);

  // The login log names the provider; the account has no password yet, so security offers to set one.
  await page.goto(`/${lang}/profile/security`);
  await expect(page.getByRole("table", { name: m.security.sessions.title }).getByText("Passport · Google").first()).toBeVisible();
  await expect(page.getByRole("button", { name: m.security.setPassword.open })).toBeVisible();
});

test("a password account connects Facebook from the security page and disconnects it", async ({ page }) => {
  const lang = "zh";
  const s = messages[lang].security.social;
  const email = uniqueEmail("fb-connect");
  const password = "Laser-2026";
  await createAccount(page.request, email, password);

  await page.goto(`/${lang}/login`);
  await logInWithPassword(page, lang, email, password);
  await expectUserCentre(page, lang, email);
  await page.goto(`/${lang}/profile/security`);
  const facebook = socialRow(page, lang, "Facebook");
  await expect(facebook.getByText(s.notConnected)).toBeVisible();

  // every address the browser goes through, redirects included
  const addresses: string[] = [];
  page.on("request", (request) => addresses.push(request.url()));
  await facebook.getByRole("link", { name: s.connectLabel.replace("{provider}", "Facebook") }).click();
  await consentAtProvider(page, "Facebook", "Allow", { email: uniqueEmail("fb-identity"), name: "Fei Book" });
  await expect(page).toHaveURL(/\/zh\/profile\/security/);
  await expect(page.getByText(s.connectedNotice.replace("{provider}", "Facebook"))).toBeVisible();
  // the services' address named the session by a one-time ticket, never by its token
  const session = (await page.context().cookies()).find((cookie) => cookie.name === "utoken")?.value ?? "";
  expect(session.length).toBeGreaterThan(30);
  const start = addresses.map((address) => new URL(address)).find((url) => url.pathname === "/v1/oauth/facebook/auth");
  expect(start?.searchParams.get("bt")?.length).toBeGreaterThan(32);
  expect(start?.searchParams.has("ut")).toBe(false);
  expect(addresses.filter((address) => address.includes(session))).toEqual([]);
  await expect(facebook.getByText(s.connected, { exact: true })).toBeVisible();
  await expect(facebook.getByText("Fei Book")).toBeVisible();

  await facebook.getByRole("button", { name: s.disconnectLabel.replace("{provider}", "Facebook") }).click();
  const confirm = page.getByRole("alertdialog", { name: s.disconnectTitle.replace("{provider}", "Facebook") });
  await confirm.getByRole("button", { name: s.disconnectConfirm }).click();
  // a way in goes away: the password first (step-up), then the same disconnection goes through
  const stepUp = page.getByRole("dialog", { name: messages[lang].stepUp.title });
  await stepUp.getByLabel(messages[lang].stepUp.password, { exact: true }).fill(password);
  await stepUp.getByRole("button", { name: messages[lang].stepUp.confirm }).click();
  await expect(page.getByText(s.disconnectedNotice.replace("{provider}", "Facebook"))).toBeVisible();
  await page.reload();
  await expect(socialRow(page, lang, "Facebook").getByText(s.notConnected)).toBeVisible();
});

test("the account-connection screen appears for an existing account's email and connects only after its password", async ({ page }) => {
  const lang = "en";
  const c = messages[lang].social.connect;
  const email = uniqueEmail("connect");
  const password = "Laser-2026";
  await createAccount(page.request, email, password);

  await page.goto(`/${lang}/login`);
  await providerButton(page, lang, "Google").click();
  await signInAtGoogle(page, "Allow", email);
  await expect(page).toHaveURL(/\/en\/social\/connect/);
  await expect(page.getByRole("heading", { name: c.title })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // Nothing was merged: the browser is not signed in.
  expect((await page.context().cookies()).some((cookie) => cookie.name === "utoken")).toBe(false);

  await page.getByLabel(c.password).fill("Wrong-pass-1");
  await page.getByRole("button", { name: c.submit }).click();
  await expect(page.getByRole("alert").filter({ hasText: messages[lang].errors["20206"] })).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === "utoken")).toBe(false);

  await page.getByLabel(c.password).fill(password);
  await page.getByRole("button", { name: c.submit }).click();
  await expectUserCentre(page, lang, email);

  // Connected: the next Google sign-in goes straight in (the provider remembers this browser).
  await logOut(page, lang);
  await providerButton(page, lang, "Google").click();
  await expectUserCentre(page, lang, email);
});

test("an account with two-step on that signs in with Google is asked for the app's code before any session, then goes on to r", async ({ page }) => {
  const lang = "zh";
  const t = messages[lang].twoStep;
  const email = uniqueEmail("google-two-step");
  const appCode = (secret: string, ahead = 0) => new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 30_000 });

  await page.goto(`/${lang}/login`);
  await providerButton(page, lang, "Google").click();
  await signInAtGoogle(page, "Allow", email);
  await expect(page).toHaveURL(/\/zh\/social\/welcome/);
  await page.getByRole("link", { name: messages[lang].social.welcome.continue }).click();
  await expectUserCentre(page, lang, email);
  await openSecurity(page, lang);
  const section = page.getByRole("region", { name: t.section.title });
  await section.getByRole("button", { name: t.section.turnOn }).click();
  const dialog = page.getByRole("dialog", { name: t.setup.title });
  const secret = (await dialog.getByLabel(t.setup.secretLabel, { exact: true }).inputValue()).replace(/\s/g, "");
  await dialog.getByLabel(t.setup.codeLabel, { exact: true }).fill(appCode(secret));
  await page.keyboard.press("Enter");
  await section.getByRole("button", { name: t.codes.done }).click();
  await logOut(page, lang);

  // Google sends this browser straight back; the callback page asks for the second step, with no session yet
  const target = new URL(`/${lang}/profile/security`, page.url()).href;
  await page.setViewportSize(PHONE);
  await page.goto(`/${lang}/login?r=${encodeURIComponent(target)}`);
  await providerButton(page, lang, "Google").click();
  await expect(page.getByRole("heading", { name: t.signIn.title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${lang}/authcb$`));
  expect((await page.context().cookies()).some((cookie) => cookie.name === "utoken" && cookie.value !== "")).toBe(false);
  await expectNoSidewaysScroll(page, "social second step (zh)");
  await expectNoAxeViolations(page, "social second step (zh)");
  const field = page.getByLabel(t.signIn.totpLabel, { exact: true });
  await field.fill(appCode(secret) === "000000" ? "000001" : "000000");
  await page.keyboard.press("Enter");
  await expect(page.getByText(t.signIn.twoStepCodeIncorrect)).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === "utoken" && cookie.value !== "")).toBe(false);
  await field.fill(appCode(secret, 1));
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(target);
  await expect(page.getByRole("region", { name: t.section.title })).toBeVisible();
  // remembered like every social sign-in, and the login log names the provider
  const cookie = (await page.context().cookies()).find((c) => c.name === "utoken");
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 300 * 86_400);
  await expect(page.getByRole("table", { name: messages[lang].security.sessions.title }).getByText(/ · Google$/).first()).toBeVisible();
});

test("a denied consent shows 'Social media authorization failed' on the login page", async ({ page }) => {
  const lang = "zh";
  await page.goto(`/${lang}/register`);
  await providerButton(page, lang, "Google").click();
  await signInAtGoogle(page, "Deny");
  await expect(page).toHaveURL(/\/zh\/login/);
  await expect(page.getByRole("alert").filter({ hasText: messages[lang].errors["20301"] })).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === "utoken")).toBe(false);
});

test("a token or ticket in the callback address does nothing unless it carries the nonce of the round trip this browser started", async ({ browser }) => {
  // Someone else's session token (the services return it only to the browser that asked).
  const owner = await browser.newContext();
  await keepToLoopback(owner);
  const ownerPage = await owner.newPage();
  await ownerPage.goto("/en/login");
  await providerButton(ownerPage, "en", "Google").click();
  const email = uniqueEmail("csrf");
  await signInAtGoogle(ownerPage, "Allow", email);
  await expect(ownerPage).toHaveURL(/\/en\/social\/welcome/);
  const token = (await owner.cookies()).find((cookie) => cookie.name === "utoken")?.value ?? "";
  expect(token).not.toBe("");

  const victim = await browser.newContext();
  const victimPage = await victim.newPage();
  await victimPage.goto(`/en/authcb?ut=${encodeURIComponent(token)}`);
  await expect(victimPage).toHaveURL(/\/en\/login/);
  await expect(victimPage.getByRole("heading", { name: messages.en.login.title })).toBeVisible();
  // a round trip this browser did not start shows no result at all
  await expect(victimPage.getByRole("alert").filter({ hasText: messages.en.errors["20301"] })).toHaveCount(0);
  expect((await victim.cookies()).some((cookie) => cookie.name === "utoken")).toBe(false);
  // nor does someone else's connection ticket reach the connection screen
  await victimPage.goto(`/en/authcb?lt=${"t".repeat(43)}&c=facebook`);
  await expect(victimPage).toHaveURL(/\/en\/login/);
  expect((await victim.cookies()).some((cookie) => cookie.name === "passport_social_link")).toBe(false);
  await owner.close();
  await victim.close();
});

test("the portal's doors to the round trip: a cross-site or signed-out connect, and a provider that is not offered, go nowhere", async ({ request }) => {
  const crossSite = await request.get("/api/social/facebook?op=bind&lang=en", { maxRedirects: 0, headers: { "sec-fetch-site": "cross-site", referer: "https://evil.example/" } });
  expect(crossSite.status()).toBe(303);
  expect(new URL(crossSite.headers().location ?? "").pathname).toBe("/en/profile/security");
  const typed = await request.get("/api/social/facebook?op=bind&lang=en", { maxRedirects: 0, headers: { "sec-fetch-site": "none" } });
  expect(new URL(typed.headers().location ?? "").pathname).toBe("/en/profile/security");
  const signedOut = await request.get("/api/social/facebook?op=bind&lang=en", { maxRedirects: 0, headers: { "sec-fetch-site": "same-origin" } });
  expect(new URL(signedOut.headers().location ?? "").pathname).toBe("/en/login");
  const unknown = await request.get("/api/social/github?lang=zh", { maxRedirects: 0 });
  expect(new URL(unknown.headers().location ?? "").pathname).toBe("/zh/login");
  const start = await request.get("/api/social/google?lang=en&p=atomm", { maxRedirects: 0 });
  expect(start.headers()["referrer-policy"]).toBe("no-referrer");
  const services = new URL(start.headers().location ?? "");
  expect(services.pathname).toBe("/v1/oauth/google/auth");
  expect(Object.fromEntries(services.searchParams)).toMatchObject({ op: "login", appCode: "atomm", lang: "en", uri: expect.stringMatching(/\/en\/authcb\?sn=[A-Za-z0-9_-]{32}$/) });
  expect(services.searchParams.has("ut")).toBe(false);
});
