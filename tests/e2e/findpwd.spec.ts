import { expect, test, type Browser } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { readEmailedCode, uniqueEmail } from "./support/mailbox";
import { expectUserCentre, logInWithPassword, messages, solveHumanVerification, type Lang } from "./support/screens";

/** Signs in with a password in a separate browser, and says whether it worked. */
async function passwordWorks(browser: Browser, lang: Lang, email: string, password: string): Promise<boolean> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`/${lang}/login`);
    await logInWithPassword(page, lang, email, password);
    const done = page.waitForURL(new RegExp(`/${lang}/profile/settings`)).then(() => true);
    const refused = page.getByRole("alert").filter({ hasText: messages[lang].errors["20205"] }).waitFor().then(() => false);
    return await Promise.race([done, refused]);
  } finally {
    await context.close();
  }
}

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`find password in ${lang}: email, verification, code (checked at once), new password twice; then only the new password works`, async ({ page, browser }) => {
    const m = messages[lang];
    const f = m.findpwd;
    const email = uniqueEmail(`findpwd-${lang}`);
    const oldPassword = "Old-pass1";
    const newPassword = "New-pass2";
    // an account made through the API: the register screen is journey.spec.ts's
    await createAccount(page.request, email, oldPassword);

    await page.goto(`/${lang}/login`);
    await page.getByRole("link", { name: m.login.forgot }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/findpwd`));
    await expect(page.getByRole("heading", { name: f.title })).toBeVisible();

    await page.getByLabel(f.email, { exact: true }).fill(email);
    await page.getByRole("button", { name: f.next, exact: true }).click();
    await solveHumanVerification(page, lang);
    await expect(page.getByRole("status").filter({ hasText: email })).toBeVisible();
    const code = await readEmailedCode(page.request, email, 1);

    // Bad input 1: a wrong code is reported at the code step, before any new password is typed, and changes nothing.
    const wrong = code === "000000" ? "111111" : "000000";
    await page.getByLabel(f.code, { exact: true }).fill(wrong);
    await page.getByRole("button", { name: f.next, exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: m.errors["20204"] })).toBeVisible();
    await expect(page.getByLabel(f.code, { exact: true })).toHaveValue(wrong);
    await expect(page.getByLabel(f.password, { exact: true })).toHaveCount(0);
    expect(await passwordWorks(browser, lang, email, oldPassword)).toBe(true);

    // The right code leads to the new password; the wrong check spent one attempt, not the code.
    await page.getByLabel(f.code, { exact: true }).fill(code);
    await page.getByRole("button", { name: f.next, exact: true }).click();

    // Bad input 2: two different new passwords.
    await page.getByLabel(f.password, { exact: true }).fill(newPassword);
    await page.getByLabel(f.confirmPassword, { exact: true }).fill(`${newPassword}x`);
    await page.getByRole("button", { name: f.submit, exact: true }).click();
    await expect(page.getByText(m.validation.passwordsMismatch)).toBeVisible();
    await page.getByLabel(f.confirmPassword, { exact: true }).fill(newPassword);

    // The back control goes one step back; the values stay.
    await page.getByRole("button", { name: `← ${f.back}` }).click();
    await expect(page.getByLabel(f.code, { exact: true })).toHaveValue(code);
    await page.getByRole("button", { name: f.next, exact: true }).click();
    await expect(page.getByLabel(f.password, { exact: true })).toHaveValue(newPassword);
    await page.getByRole("button", { name: f.submit, exact: true }).click();

    await expect(page.getByRole("heading", { name: f.doneTitle })).toBeVisible();
    await page.getByRole("link", { name: f.toLogin }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login`));

    await logInWithPassword(page, lang, email, oldPassword);
    await expect(page.getByRole("alert").filter({ hasText: m.errors["20205"] })).toBeVisible();
    await page.getByLabel(m.login.password, { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: m.login.submit, exact: true }).click();
    await expectUserCentre(page, lang, email);
  });
}

test("the first step's back control leads to login", async ({ page }) => {
  await page.goto("/zh/findpwd?p=atomm");
  await page.getByRole("link", { name: `← ${messages.zh.findpwd.backToLogin}` }).click();
  await expect(page).toHaveURL(/\/zh\/login\?p=atomm$/);
});
