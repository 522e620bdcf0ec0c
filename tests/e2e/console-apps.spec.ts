import { createHash, randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { CONSENT_TEXT } from "../../lib/backend/oidc/consent-page";
import { PORTAL_ISSUER } from "../../playwright.config";
import { createAccount } from "./support/accounts";
import { uniqueEmail } from "./support/mailbox";
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, openScreen, PHONE } from "./support/screen-checks";
import { logInWithPassword, messages, type Lang } from "./support/screens";
import { operatorCreate, signInToConsole } from "./support/operators";

/**
 * The console's Apps screen (docs/oidc.md), in both languages: an admin (made by `npm run cli
 * -- operator:create`, its own, so no other journey spends its authenticator codes) opens Apps
 * from the menu, registers a public app with a redirect URI and sees it listed; a redirect URI
 * off the rules is refused on its field and registers nothing. axe clean, and no sideways scroll
 * at 320 px. The app is a third-party one: a user who signs in through it is asked for consent
 * on the provider's own page (axe clean, 320 px), and allows (en) or denies (zh). Then the admin
 * changes the app's scopes from email to profile (a reason needed) and the provider refuses
 * the app's next request for email.
 */
test.describe.configure({ timeout: 240_000 });

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`an admin registers a third-party public app and sees it listed; a user signing in through it is asked for consent (${lang})`, async ({ page, browser, request }) => {
    const m = messages[lang];
    const apps = m.console.apps;
    const email = uniqueEmail(`apps-admin-${lang}`);
    const operator = await operatorCreate(email, "apps screen test");
    const home = `/${lang}/console`;
    await page.setViewportSize(DESKTOP);
    await signInToConsole(page, lang, { email, password: operator.password, uri: operator.uri });

    await page.getByRole("navigation").getByRole("link", { name: m.console.nav.apps }).click();
    await expect(page.getByRole("heading", { level: 1, name: apps.title })).toBeVisible();
    await openScreen(page, `${home}/apps`, lang);
    await expectNoAxeViolations(page, `console apps (${lang})`);

    const name = `Spa ${lang} ${Date.now().toString(36)}`;
    const callback = `https://spa-${lang}.example/callback`;
    await page.getByLabel(apps.name, { exact: true }).fill(name);
    await page.getByLabel(apps.redirectUris, { exact: true }).fill("http://spa.example/callback");
    await page.getByLabel(m.console.common.reason, { exact: true }).fill("new single-page app");
    await page.getByRole("button", { name: apps.register }).click();
    await expect(page.getByText(m.console.errors.badRedirectUri)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);

    await page.getByLabel(apps.redirectUris, { exact: true }).fill(callback);
    await page.getByLabel(apps.thirdParty).check();
    // what the app may ask for: its users' email only (openid always)
    await page.getByRole("checkbox", { name: apps.scopeNames.profile }).uncheck();
    await page.getByRole("checkbox", { name: apps.scopeNames.offline_access }).uncheck();
    await page.getByRole("button", { name: apps.register }).click();
    await expect(page.getByRole("status").filter({ hasText: name })).toBeVisible();
    const listed = page.getByRole("listitem").filter({ hasText: name });
    await expect(listed).toContainText(callback);
    await expect(listed).toContainText(apps.kinds.public);
    await expect(listed).toContainText(apps.enabled);
    await expect(listed.locator("dd", { hasText: /^openid email$/ })).toBeVisible();
    await expect(page.getByTestId("one-time-secret")).toHaveCount(0);
    await expectNoAxeViolations(page, `console apps with an app (${lang})`);

    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, `console apps ${lang} at 320 px`);

    // A user signs in through the app: the portal's sign-in page, then the consent page
    const clientId = (await listed.locator("dt", { hasText: apps.clientId }).locator("xpath=following-sibling::dd[1]").innerText()).trim();
    const userEmail = uniqueEmail(`consent-${lang}`);
    await createAccount(request, userEmail, "Laser-2026");
    const context = await browser.newContext({ viewport: PHONE });
    const user = await context.newPage();
    // the app's callback is answered here: nothing leaves loopback
    await user.route(`https://spa-${lang}.example/**`, (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "the app" }));
    const verifier = randomBytes(32).toString("base64url");
    const authorize = new URL(`${PORTAL_ISSUER}/oidc/auth`);
    const state = `state-${lang}-${Date.now().toString(36)}`;
    for (const [key, value] of Object.entries({
      client_id: clientId,
      redirect_uri: callback,
      response_type: "code",
      scope: "openid email",
      state,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      ui_locales: lang,
    })) authorize.searchParams.set(key, value);
    await user.goto(authorize.href);
    await expect(user).toHaveURL(new RegExp(`/${lang}/login\\?`));
    await logInWithPassword(user, lang, userEmail, "Laser-2026");
    const consent = CONSENT_TEXT[lang];
    await expect(user.getByRole("heading", { name: consent.title })).toBeVisible();
    const emailScope = consent.scopes.email ?? "";
    expect(emailScope).not.toBe("");
    await expect(user.getByText(emailScope)).toBeVisible();
    await expect(user.getByText(name)).toBeVisible();
    await expectNoAxeViolations(user, `consent (${lang})`);
    await expectNoSidewaysScroll(user, `consent ${lang} at 320 px`);
    await user.getByRole("button", { name: lang === "en" ? consent.allow : consent.deny, exact: true }).click();
    await expect(user).toHaveURL(new RegExp(`^https://spa-${lang}\\.example/callback\\?`));
    const answer = new URL(user.url()).searchParams;
    expect(answer.get("state")).toBe(state);
    expect(answer.get("iss")).toBe(PORTAL_ISSUER);
    if (lang === "en") expect(answer.get("code")).toMatch(/\S{20,}/);
    else expect(answer.get("error")).toBe("access_denied");

    // The admin takes email away and allows profile instead: the provider refuses email at once
    await page.setViewportSize(DESKTOP);
    await listed.getByRole("button", { name: `${apps.changeScopes}: ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: apps.scopesTitle.replace("{name}", name) });
    await expect(dialog.getByRole("checkbox", { name: apps.scopeNames.email })).toBeChecked();
    await expect(dialog.getByRole("checkbox", { name: apps.scopeNames.profile })).not.toBeChecked();
    await dialog.getByRole("checkbox", { name: apps.scopeNames.email }).uncheck();
    await dialog.getByRole("checkbox", { name: apps.scopeNames.profile }).check();
    await expectNoAxeViolations(page, `console apps, changing scopes (${lang})`);
    await dialog.getByRole("button", { name: apps.saveScopes }).click();
    await expect(dialog.getByText(m.console.errors.badReason)).toBeVisible();
    await dialog.getByLabel(m.console.common.reason, { exact: true }).fill("the app needs no email");
    await dialog.getByRole("button", { name: apps.saveScopes }).click();
    await expect(dialog).toHaveCount(0);
    await expect(listed.getByRole("status")).toHaveText(apps.scopesSaved.replace("{name}", name).replace("{scopes}", "openid profile"));
    await expect(listed.locator("dd", { hasText: /^openid profile$/ })).toBeVisible();
    const again = new URL(authorize.href);
    again.searchParams.set("state", `${state}-again`);
    // read the provider's answer itself: a page's route does not see the hop a redirect makes
    const refused = await user.request.get(again.href, { maxRedirects: 0 });
    const back = new URL(refused.headers()["location"] ?? "", PORTAL_ISSUER);
    expect(`${back.origin}${back.pathname}`).toBe(callback);
    expect(back.searchParams.get("error")).toBe("invalid_scope");
    expect(back.searchParams.get("state")).toBe(`${state}-again`);
    await context.close();
  });
}
