import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { PORTAL_ISSUER, REFAPP_URL } from "../../playwright.config";
import { createAccount } from "./support/accounts";
import { uniqueEmail } from "./support/mailbox";
import { expectSignedIn, press, signOutEverywhere, startSignIn } from "./support/reference-app-screens";
import { logInWithPassword, messages, type Lang } from "./support/screens";
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/screen-checks";
import { keepToLoopback, providerButton, signInAtGoogle } from "./support/social-screens";

/**
 * A brand app signs its users in with the portal's OpenID Provider (docs/oidc.md): the reference
 * app (tests/support/reference-app, openid-client) on its own origin, the portal's sign-in pages
 * as the interaction, at the provider's issuer http://localhost:PORT (so WebAuthn's RP ID is
 * `localhost`, as in passkeys.spec.ts). One journey per language, each chaining the protocol's
 * steps: code flow with PKCE, silent renewal (prompt=none), refresh rotation, a spent refresh
 * token replayed (the whole grant dies), RP-initiated logout, the ID token's `amr`, and (en) a
 * back-channel logout when the user signs out in the portal (en) or takes the app's access back on
 * the security page (zh); English signs in with a password
 * and then a passkey, and is asked for the passkey by an app's acr_values=phr, Chinese with Google and then Google with two-step.
 */
const PASSWORD = "Laser-2026";
// each journey chains a dozen sign-ins and protocol steps: on a loaded machine that is minutes
test.describe.configure({ timeout: 300_000 });

/** The app's protocol steps after a sign-in, the same in both languages. */
async function renewRefreshAndReuse(page: Page): Promise<void> {
  await press(page, "Renew silently", /Renewed silently: new tokens, no sign-in page\./);
  await press(page, "Refresh", /the refresh token changed/);
  await press(page, "Refresh", /the refresh token changed/);
  // the token the last refresh spent, presented again: refused, and the grant is revoked …
  await press(page, "Replay the spent refresh token", /The provider refused: invalid_grant/);
  // … so the newest refresh token, never used, is refused too
  await press(page, "Refresh", /The provider refused: invalid_grant/);
}

test.beforeEach(async ({ context }) => {
  await keepToLoopback(context);
  // the passkey is used through the sign-in page's button: the autofill request stays off; and the
  // passkey is added on the security page, not by the automatic upgrade after the password sign-in
  await context.addInitScript(() => {
    if (typeof window.PublicKeyCredential !== "function") return;
    Object.defineProperty(window.PublicKeyCredential, "isConditionalMediationAvailable", { value: () => Promise.resolve(false) });
    Object.defineProperty(window.PublicKeyCredential, "getClientCapabilities", { value: () => Promise.resolve({ conditionalCreate: false }) });
  });
});

test("en: a brand app signs in by code flow with a password, renews, refreshes, loses its grant on reuse, signs out, signs in with a passkey, and is asked for it by acr_values=phr", async ({ page, request }) => {
  const lang: Lang = "en";
  const m = messages[lang];
  const email = uniqueEmail("oidc-en");
  await createAccount(request, email, PASSWORD);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await startSignIn(page, lang);
  await expect(page).toHaveURL(new RegExp(`^${PORTAL_ISSUER}/en/login\\?`));
  await logInWithPassword(page, lang, email, PASSWORD);
  await expectSignedIn(page, email, ["pwd"]);
  await renewRefreshAndReuse(page);

  // a passkey added in the portal (signed in there by the app's sign-in, a step-up first)
  await page.goto(`${PORTAL_ISSUER}/en/profile/security`);
  const section = page.getByRole("region", { name: m.passkeys.title });
  await section.getByLabel(m.passkeys.nameLabel).fill("Laptop");
  await section.getByRole("button", { name: m.passkeys.add }).click();
  const stepUp = page.getByRole("dialog", { name: m.stepUp.title });
  await stepUp.getByLabel(m.stepUp.password, { exact: true }).fill(PASSWORD);
  await stepUp.getByRole("button", { name: m.stepUp.confirm, exact: true }).click();
  await expect(section.getByText(m.passkeys.addedNotice.replace("{name}", "Laptop"))).toBeVisible();

  await page.goto(REFAPP_URL);
  await signOutEverywhere(page, lang);
  // the provider's session is gone: a silent renewal is told so
  await press(page, "Renew silently", /login_required/);

  // signed out of the portal too: the app's sign-in shows the sign-in page, where the passkey serves
  await startSignIn(page, lang);
  await page.getByRole("button", { name: m.passkeys.signIn }).click();
  await expectSignedIn(page, email, ["hwk", "user", "mfa"]);
  await press(page, "Refresh", /the refresh token changed/);

  // the user signs out in the portal: the app hears it by back-channel logout and signs its user out
  await page.goto(`${PORTAL_ISSUER}/en/profile/settings`);
  await page.getByRole("button", { name: m.menu.logout }).click();
  await expect(page).toHaveURL(new RegExp(`^${PORTAL_ISSUER}/en/login`));
  await page.goto(REFAPP_URL);
  await expect(page.getByRole("heading", { name: "Signed out" })).toBeVisible();

  // the app asks for a passkey (acr_values=phr) of a user signed in with a password: the sign-in
  // page offers the passkey alone and says why, and the passkey's sign-in is what the app gets
  await startSignIn(page, lang);
  await logInWithPassword(page, lang, email, PASSWORD);
  await expectSignedIn(page, email, ["pwd"]);
  await page.getByRole("button", { name: "Confirm with a passkey (acr_values=phr)" }).click();
  await expect(page).toHaveURL(new RegExp(`^${PORTAL_ISSUER}/en/login\\?.*stepup=passkey`));
  await expect(page.getByText(m.login.passkeyStepUp)).toBeVisible();
  await expect(page.getByLabel(m.login.password, { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: m.passkeys.signIn }).click();
  await expectSignedIn(page, email, ["hwk", "user", "mfa"]);
});

test("zh: a brand app signs in by code flow with Google, renews, refreshes, loses its grant on reuse, signs out, and signs in with Google and two-step", async ({ page }) => {
  const lang: Lang = "zh";
  const m = messages[lang];
  const t = m.twoStep;
  const email = uniqueEmail("oidc-zh");
  const appCode = (secret: string, ahead = 0) => new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 30_000 });

  // a new account by Google, inside the app's sign-in: the welcome screen, then on to the app
  await startSignIn(page, lang);
  await expect(page).toHaveURL(new RegExp(`^${PORTAL_ISSUER}/zh/login\\?`));
  await providerButton(page, lang, "Google").click();
  await signInAtGoogle(page, "Allow", email);
  await expect(page).toHaveURL(/\/zh\/social\/welcome/);
  await page.getByRole("link", { name: m.social.welcome.continue }).click();
  await expectSignedIn(page, email, ["fed"]);
  await renewRefreshAndReuse(page);

  // two-step turned on in the portal
  await page.goto(`${PORTAL_ISSUER}/zh/profile/security`);
  const section = page.getByRole("region", { name: t.section.title });
  await section.getByRole("button", { name: t.section.turnOn }).click();
  const dialog = page.getByRole("dialog", { name: t.setup.title });
  const secret = (await dialog.getByLabel(t.setup.secretLabel, { exact: true }).inputValue()).replace(/\s/g, "");
  await dialog.getByLabel(t.setup.codeLabel, { exact: true }).fill(appCode(secret));
  await page.keyboard.press("Enter");
  await section.getByRole("button", { name: t.codes.done }).click();

  await page.goto(REFAPP_URL);
  await signOutEverywhere(page, lang);
  await press(page, "Renew silently", /login_required/);

  // Google knows this browser and sends it straight back; the portal asks for the second step
  await startSignIn(page, lang);
  await providerButton(page, lang, "Google").click();
  await expect(page.getByRole("heading", { name: t.signIn.title })).toBeVisible();
  await page.getByLabel(t.signIn.totpLabel, { exact: true }).fill(appCode(secret, 1));
  await page.keyboard.press("Enter");
  await expectSignedIn(page, email, ["fed", "otp", "mfa"]);
  await press(page, "Refresh", /the refresh token changed/);

  // the user takes the app's access back on the security page (read at 320 px, axe clean): the
  // app hears it by back-channel logout and signs its user out; the portal's session stays
  const a = m.security.apps;
  await page.setViewportSize(PHONE);
  await page.goto(`${PORTAL_ISSUER}/zh/profile/security`);
  const apps = page.getByRole("region", { name: a.title });
  await expect(apps.getByRole("list", { name: a.mayDo.replace("{app}", "Reference app") })).toContainText(a.scopes.offline_access);
  await expectNoSidewaysScroll(page, "security, apps with access (zh)");
  await expectNoAxeViolations(page, "security, apps with access (zh)");
  await apps.getByRole("button", { name: a.removeFor.replace("{app}", "Reference app") }).click();
  const confirm = page.getByRole("alertdialog", { name: a.removeTitle.replace("{app}", "Reference app") });
  await confirm.getByRole("button", { name: a.remove }).click();
  await expect(apps.getByText(a.removed.replace("{app}", "Reference app"))).toBeVisible();
  await page.goto(REFAPP_URL);
  await expect(page.getByRole("heading", { name: "Signed out" })).toBeVisible();
  await page.goto(`${PORTAL_ISSUER}/zh/profile/security`);
  await expect(page.getByRole("region", { name: a.title }).getByText(a.empty)).toBeVisible();
});
