import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { createAccount } from "./support/accounts";
import { mailsTo, uniqueEmail } from "./support/mailbox";
import { logInWithPassword, logOut, messages, type Lang } from "./support/screens";
import { virtualAuthenticator } from "./support/virtual-authenticator";

/**
 * The automatic passkey upgrade: a password sign-in in a browser that reports conditional create
 * ends with a new passkey, named after the device, a security notice and an event on the activity
 * page; with the setting off the next password sign-in asks for none.
 *
 * What runs for real: the login form, PublicKeyCredential.getClientCapabilities() (Debian's
 * headless Chromium reports conditionalCreate: true), the options and save calls, the
 * services' verification, the notice and the event. What does not: headless Chromium here closes
 * itself on a create() with `mediation: "conditional"` while a virtual authenticator with
 * simulated presence is attached, so a page-start script counts each conditional create our code
 * asks for and hands the same request to the virtual authenticator without the mediation (its
 * answer then carries user presence, which the upgrade's ceremony also accepts; the backend test
 * covers an answer without it). The password is typed, not filled by a password manager.
 */
const PASSWORD = "Laser-Upgrade-2026";
const LOCAL = BASE_URL.replace("127.0.0.1", "localhost");
const NOTICE_SUBJECT: Record<Lang, string> = { en: "A passkey was added to your account", zh: "您的账号添加了通行密钥" };
const COUNTER = "e2e-conditional-creates";

async function countConditionalCreates(page: Page): Promise<() => Promise<number>> {
  // the login page's passkey autofill stays off: Chromium may answer a pending conditional get by
  // itself from the virtual authenticator, which would sign in with the new passkey before the
  // password of the second sign-in is typed
  await page.addInitScript(() => {
    if (typeof window.PublicKeyCredential === "function") Object.defineProperty(window.PublicKeyCredential, "isConditionalMediationAvailable", { value: () => Promise.resolve(false) });
  });
  await page.addInitScript((key) => {
    if (!navigator.credentials) return;
    const create = navigator.credentials.create.bind(navigator.credentials);
    navigator.credentials.create = (options?: CredentialCreationOptions) => {
      // the DOM types here do not know create()'s mediation yet
      if (!options || Reflect.get(options, "mediation") !== "conditional") return create(options);
      window.localStorage.setItem(key, String(Number(window.localStorage.getItem(key) ?? "0") + 1));
      const plain: CredentialCreationOptions = { ...options };
      Reflect.deleteProperty(plain, "mediation");
      return create(plain);
    };
  }, COUNTER);
  return async () => Number(await page.evaluate((key) => window.localStorage.getItem(key) ?? "0", COUNTER));
}

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`a password sign-in gets a passkey without a prompt, announced by mail and on the activity page; the setting turns it off (${lang})`, async ({ page, request }) => {
    test.setTimeout(180_000);
    const m = messages[lang];
    const p = m.passkeys;
    const email = uniqueEmail(`upgrade-${lang}`);
    await createAccount(request, email, PASSWORD);
    await virtualAuthenticator(page);
    const conditionalCreates = await countConditionalCreates(page);

    await page.goto(`${LOCAL}/${lang}/login`);
    await logInWithPassword(page, lang, email, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile/settings`));
    expect(await conditionalCreates()).toBe(1);

    await page.goto(`${LOCAL}/${lang}/profile/security`);
    const section = page.getByRole("region", { name: p.title });
    const list = section.getByRole("list", { name: p.listLabel });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    // named after the device: the user agent's system and browser (the project's device preset says Windows)
    const system = (await page.evaluate(() => navigator.userAgent)).includes("Windows") ? "Windows" : "Linux";
    await expect(list.getByRole("listitem")).toContainText(`${system} · Chrome`);

    await expect.poll(async () => (await mailsTo(request, email)).map((mail) => mail.subject), { timeout: 15_000 }).toContain(NOTICE_SUBJECT[lang]);
    await page.goto(`${LOCAL}/${lang}/profile/security/activity`);
    const events = page.getByRole("list", { name: m.security.activity.listLabel });
    await expect(events.locator('li[data-kind="passkey_added"]')).toHaveCount(1);

    // the setting, on by default: turned off, the next password sign-in asks for no passkey
    await page.goto(`${LOCAL}/${lang}/profile/security`);
    const upgrade = page.getByRole("region", { name: p.title }).getByRole("switch", { name: p.upgradeLabel });
    await expect(upgrade).toBeChecked();
    await upgrade.click();
    await expect(page.getByText(p.upgradeTurnedOff)).toBeVisible();
    await expect(upgrade).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole("region", { name: p.title }).getByRole("switch", { name: p.upgradeLabel })).not.toBeChecked();

    await logOut(page, lang);
    await logInWithPassword(page, lang, email, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile/settings`));
    expect(await conditionalCreates()).toBe(1);
  });
}
