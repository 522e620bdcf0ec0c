import { expect, test, type Page } from "@playwright/test";
import { BASE_URL, EMBED_PORTAL_URL, HOST_SITE_URL, SIBLING_URL } from "../../playwright.config";
import { registrationOptionsResponse } from "../../lib/contract/passkeys";
import { SoftAuthenticator } from "../support/soft-authenticator";
import { virtualAuthenticator } from "./support/virtual-authenticator";
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

/**
 * WebAuthn signals (PublicKeyCredential.signal*, Chromium 132+): a page-start script records each
 * call before handing it to the browser, in sessionStorage so it survives the page's navigations.
 * Chromium's virtual authenticator acts on them as a passkey manager would (a passkey no longer
 * accepted is deleted from it), so the test checks both the calls and what the authenticator holds.
 */
type SignalCall = { name: string; args: Record<string, unknown> };
async function recordSignals(page: Page): Promise<() => Promise<SignalCall[]>> {
  await page.addInitScript(() => {
    const pkc = window.PublicKeyCredential;
    if (typeof pkc !== "function") return;
    for (const name of ["signalUnknownCredential", "signalAllAcceptedCredentials", "signalCurrentUserDetails"]) {
      const original: unknown = Reflect.get(pkc, name);
      if (typeof original !== "function") continue;
      Reflect.set(pkc, name, (args: Record<string, unknown>) => {
        const calls = JSON.parse(window.sessionStorage.getItem("e2e-signals") ?? "[]") as unknown[];
        window.sessionStorage.setItem("e2e-signals", JSON.stringify([...calls, { name, args }]));
        return Reflect.apply(original, pkc, [args]) as unknown;
      });
    }
  });
  return () => page.evaluate(() => JSON.parse(window.sessionStorage.getItem("e2e-signals") ?? "[]") as SignalCall[]);
}

test("the browser hears the account's passkeys: after an addition, a rename, a removal, and a sign-in with a passkey the site no longer knows", async ({ page, request }) => {
  test.setTimeout(180_000);
  const p = messages.en.passkeys;
  const email = uniqueEmail("passkey-signals");
  const { utoken } = await createAccount(request, email, PASSWORD);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  const held = async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials;
  const autofill = await autofillSwitch(page);
  const signals = await recordSignals(page);
  await page.context().addCookies([{ name: "utoken", value: utoken, url: LOCAL, httpOnly: true, sameSite: "Lax" }]);
  const named = async (name: string) => (await signals()).filter((call) => call.name === name).map((call) => call.args);
  const lastAccepted = async () => (await named("signalAllAcceptedCredentials")).at(-1)?.allAcceptedCredentialIds;

  // the visit itself tells the browser the account has no passkeys
  await page.goto(`${LOCAL}/en/profile/security`);
  const section = page.getByRole("region", { name: p.title });
  await expect.poll(lastAccepted).toEqual([]);
  await section.getByLabel(p.nameLabel).fill("Laptop");
  await section.getByRole("button", { name: p.add }).click();
  await confirmWithPassword(page, "en");
  await expect(section.getByRole("listitem")).toHaveCount(1);
  await expect.poll(async () => ((await lastAccepted()) as string[] | undefined)?.length).toBe(1);
  const [credentialId] = (await lastAccepted()) as string[];
  const added = (await named("signalAllAcceptedCredentials")).at(-1);
  expect(added).toMatchObject({ rpId: "localhost", userId: expect.stringMatching(/^[A-Za-z0-9_-]+$/) });
  // the user handle the passkey carries: the account id, base64url
  const userId = String(added?.userId);
  expect(Buffer.from(userId, "base64url").toString()).toMatch(/^[0-9a-f-]{36}$/);

  // a rename: the account's names once more (its email; no nickname, so the email again)
  const detailsBefore = (await named("signalCurrentUserDetails")).length;
  await section.getByRole("button", { name: p.renameNamed.replace("{name}", "Laptop") }).click();
  await section.getByLabel(p.renameLabel).fill("Work laptop");
  await section.getByLabel(p.renameLabel).press("Enter");
  await expect(section.getByRole("listitem").first()).toContainText("Work laptop");
  await expect.poll(async () => (await named("signalCurrentUserDetails")).length).toBeGreaterThan(detailsBefore);
  expect((await named("signalCurrentUserDetails")).at(-1)).toEqual({ rpId: "localhost", userId, name: email, displayName: email });

  // a removal: the passkey is no longer among those accepted, and the authenticator forgets it
  const [kept] = await held();
  // CDP speaks base64, WebAuthn's JSON base64url
  expect(Buffer.from(String(kept?.credentialId), "base64").toString("base64url")).toBe(credentialId);
  await section.getByRole("button", { name: p.removeNamed.replace("{name}", "Work laptop") }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: p.remove, exact: true }).click();
  await expect(section.getByText(p.empty)).toBeVisible();
  await expect.poll(lastAccepted).toEqual([]);
  await expect.poll(async () => (await held()).length).toBe(0);

  // another device of the user's still offers it (put back as it was): the site says it does not
  // know it, the refusal is shown, and the authenticator forgets it
  if (!kept) throw new Error("the authenticator held no passkey");
  await cdp.send("WebAuthn.addCredential", { authenticatorId, credential: kept });
  await autofill(false);
  await logOut(page, "en");
  await page.getByRole("button", { name: p.signIn }).click();
  await expect(page.getByText(messages.en.errors["20701"])).toBeVisible();
  await expect.poll(() => named("signalUnknownCredential")).toEqual([{ rpId: "localhost", credentialId }]);
  await expect.poll(async () => (await held()).length).toBe(0);
});
