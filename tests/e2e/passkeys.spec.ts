import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, EMBED_PORTAL_URL, HOST_SITE_URL, SIBLING_URL } from "../../playwright.config";
import { registrationOptionsResponse } from "../../lib/contract/passkeys";
import { SoftAuthenticator } from "../support/soft-authenticator";
import { createAccount } from "./support/accounts";
import { emailOfToken, expectLoginThenToken } from "./support/embed-screens";
import { uniqueEmail } from "./support/mailbox";
import { expectNoAxeViolations } from "./support/screen-checks";
import { logOut, messages, type Lang } from "./support/screens";

/**
 * Passkeys in Chromium with its virtual authenticator (CDP WebAuthn: a platform authenticator
 * with resident keys and user verification, presence simulated). WebAuthn refuses an IP address
 * as RP ID, so these pages are opened as http://localhost:PORT (RP ID `localhost`), the same
 * portal and database as the suite's 127.0.0.1.
 */
const PASSWORD = "Laser-2026";
const LOCAL = BASE_URL.replace("127.0.0.1", "localhost");

async function virtualAuthenticator(page: Page): Promise<(credential: Record<string, unknown>) => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return async (credential) => {
    await cdp.send("WebAuthn.addCredential", { authenticatorId, credential: credential as never });
  };
}

/**
 * Whether the login page may start the autofill request: Chromium may answer a pending
 * conditional request by itself from a virtual authenticator, which would sign in before the
 * button is pressed. A page-start script hides conditional mediation while the flag is set.
 */
async function autofillSwitch(page: Page): Promise<(on: boolean) => Promise<void>> {
  await page.addInitScript(() => {
    if (window.localStorage.getItem("e2e-no-autofill") !== "1" || typeof window.PublicKeyCredential !== "function") return;
    Object.defineProperty(window.PublicKeyCredential, "isConditionalMediationAvailable", { value: () => Promise.resolve(false) });
  });
  return async (on) => {
    await page.evaluate((off) => (off ? window.localStorage.setItem("e2e-no-autofill", "1") : window.localStorage.removeItem("e2e-no-autofill")), !on);
  };
}

async function confirmWithPassword(page: Page, lang: Lang): Promise<void> {
  const dialog = page.getByRole("dialog", { name: messages[lang].stepUp.title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(messages[lang].stepUp.password, { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: messages[lang].stepUp.confirm, exact: true }).click();
}

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`a user adds a passkey, signs in with it by the button and by autofill, renames and removes it (${lang})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const m = messages[lang];
    const p = m.passkeys;
    const email = uniqueEmail(`passkey-${lang}`);
    const { utoken } = await createAccount(request, email, PASSWORD);
    await virtualAuthenticator(page);
    const autofill = await autofillSwitch(page);
    await page.context().addCookies([{ name: "utoken", value: utoken, url: LOCAL, httpOnly: true, sameSite: "Lax" }]);

    // Add: the step-up first (signing in is not a proof), then the browser's dialog.
    await page.goto(`${LOCAL}/${lang}/profile/security`);
    const section = page.getByRole("region", { name: p.title });
    await expect(section.getByText(p.empty)).toBeVisible();
    await section.getByLabel(p.nameLabel).fill("Laptop");
    await section.getByRole("button", { name: p.add }).click();
    await confirmWithPassword(page, lang);
    await expect(section.getByText(p.addedNotice.replace("{name}", "Laptop"))).toBeVisible();
    await expect(section.getByRole("listitem")).toHaveCount(1);
    await expectNoAxeViolations(page, `passkeys section (${lang})`);

    // Rename in place, by keyboard.
    await section.getByRole("button", { name: p.renameNamed.replace("{name}", "Laptop") }).click();
    const renamed = section.getByLabel(p.renameLabel);
    await renamed.fill("Work laptop");
    await renamed.press("Enter");
    await expect(section.getByRole("listitem").first()).toContainText("Work laptop");

    // Sign out, then in with the button: a full sign-in that lands in the user centre.
    await autofill(false);
    await logOut(page, lang);
    await expect(page.getByRole("button", { name: p.signIn })).toBeVisible();
    // the email field offers passkeys in its autofill
    await expect(page.getByLabel(m.login.email, { exact: true })).toHaveAttribute("autocomplete", "username webauthn");
    await expectNoAxeViolations(page, `login with the passkey button (${lang})`);
    await page.getByRole("button", { name: p.signIn }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile/settings`), { timeout: 30_000 });
    await expect(page.getByText(email).first()).toBeVisible();

    // Sign out, then in through the email field's autofill (conditional mediation): the login
    // page starts a conditional request as it loads, and Chromium's virtual authenticator answers
    // a pending conditional request by itself with its passkey (headless Chromium shows no
    // suggestion list to pick from). Nothing is pressed, so landing in the user centre is that
    // request's doing; with the request held back above, the page waited for the button.
    await logOut(page, lang);
    await autofill(true);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile/settings`), { timeout: 30_000 });

    // Remove: the passkey sign-in a moment ago is a fresh proof (two factors at once), so no
    // step-up is asked, and the passkey is gone.
    await page.goto(`${LOCAL}/${lang}/profile/security`);
    await section.getByRole("button", { name: p.removeNamed.replace("{name}", "Work laptop") }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: p.remove, exact: true }).click();
    await expect(section.getByText(p.removedNotice.replace("{name}", "Work laptop"))).toBeVisible();
    await expect(page.getByRole("dialog", { name: m.stepUp.title })).toHaveCount(0);
    await expect(section.getByText(p.empty)).toBeVisible();
  });
}

test("inside a host's frame that delegates publickey-credentials-get, a passkey signs in and the host hears of it", async ({ page, request }) => {
  test.setTimeout(180_000);
  const m = messages.en;
  const email = uniqueEmail("passkey-frame");
  const { utoken } = await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  // the passkey is registered through the API by a software authenticator, then handed to the browser's
  const device = new SoftAuthenticator(SIBLING_URL);
  const api = (path: string, data: unknown) => request.post(`${EMBED_PORTAL_URL}${path}`, { data, headers: { utoken } }).then((response) => response.json() as Promise<{ code: number; data?: unknown }>);
  expect((await api("/v1/user/step-up", { password: PASSWORD })).code).toBe(0);
  const { attempt, options } = registrationOptionsResponse.parse((await api("/v1/user/passkey/register/options", {})).data);
  expect((await api("/v1/user/passkey/register", { attempt, name: "Phone", response: device.create(options) })).code).toBe(0);
  const addCredential = await virtualAuthenticator(page);
  await addCredential(device.exportNewest());
  // the button is what is tested here: no autofill request in the frame
  await page.addInitScript(() => {
    if (typeof window.PublicKeyCredential === "function") Object.defineProperty(window.PublicKeyCredential, "isConditionalMediationAvailable", { value: () => Promise.resolve(false) });
  });

  await page.goto(`${HOST_SITE_URL}/frame.html?portal=sibling&path=/en/login`);
  expect(await page.locator("#passport iframe").getAttribute("allow")).toContain("publickey-credentials-get");
  const frame = page.frameLocator("#passport iframe");
  await frame.getByRole("button", { name: m.passkeys.signIn }).click();
  const token = await expectLoginThenToken(page);
  expect(await emailOfToken(request, token)).toBe(email);
  await expect(frame.getByRole("heading", { name: m.settings.title })).toBeVisible();
});
