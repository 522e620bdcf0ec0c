import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { mailsTo, uniqueEmail } from "./support/mailbox";
import { enterpriseFor, expectUserCentre, logInAsEnterprise, messages, registerAccount, type Lang } from "./support/screens";

/**
 * A password from the list of common (leaked) passwords is refused by the services with a
 * message that says why, wherever a password is set: registering, changing it, and an enterprise
 * user's first-password change; in both languages. A good password then goes through, and its
 * change is followed by a security notice in the page's language.
 */
const GOOD = "Laser-Fresh-2026";
const NEWER = "Laser-Newer-2026";
// the portal's own address in this run (no PUBLIC_ORIGIN: local use, localhost on its port)
const PORTAL = `http://localhost:${new URL(BASE_URL).port}`;

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`register and change password refuse a breached password, saying why, in ${lang}; the change that follows is noticed by mail`, async ({ page }) => {
    const m = messages[lang];
    const p = m.security.password;
    const breachedAlert = page.getByRole("alert").filter({ hasText: m.errors["20220"] });
    const email = uniqueEmail(`breached-${lang}`);

    await page.goto(`/${lang}/register`);
    await registerAccount(page, lang, email, "Password1");
    await expect(breachedAlert).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${lang}/register`));
    // the emailed code is still good: only the password has to change
    await page.getByLabel(m.register.password, { exact: true }).fill(GOOD);
    await page.getByLabel(m.register.confirmPassword, { exact: true }).fill(GOOD);
    await page.getByRole("button", { name: m.register.submit, exact: true }).click();
    await expectUserCentre(page, lang, email);

    await page.goto(`/${lang}/profile/security`);
    await page.getByRole("button", { name: p.change }).click();
    const dialog = page.getByRole("dialog", { name: p.dialogTitle });
    await dialog.getByLabel(p.oldPassword, { exact: true }).fill(GOOD);
    await dialog.getByLabel(p.newPassword, { exact: true }).fill("iloveyou");
    await dialog.getByLabel(p.confirmPassword, { exact: true }).fill("iloveyou");
    await dialog.getByRole("button", { name: p.save }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: m.errors["20220"] })).toBeVisible();

    await dialog.getByLabel(p.newPassword, { exact: true }).fill(NEWER);
    await dialog.getByLabel(p.confirmPassword, { exact: true }).fill(NEWER);
    await dialog.getByRole("button", { name: p.save }).click();
    await expect(dialog).toBeHidden();

    // the security notice: the page's language, a link to the security page, no code in it
    let notice: { subject: string; text: string } | undefined;
    await expect
      .poll(async () => {
        notice = (await mailsTo(page.request, email)).find((mail) => mail.subject === (lang === "en" ? "Your password was changed" : "您的密码已修改"));
        return notice !== undefined;
      })
      .toBe(true);
    expect(notice?.text).toContain(`${PORTAL}/${lang}/profile/security`);
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    expect(notice?.text).not.toContain(NEWER);
  });
}

test("an enterprise user's first-password change refuses a breached password, in English and Chinese", async ({ page }) => {
  const enterprise = enterpriseFor("breached");
  await page.goto("/en/login-business");
  await logInAsEnterprise(page, "en", enterprise, page.getByRole("heading", { name: messages.en.businessSettings.title }));

  for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
    const b = messages[lang].businessSettings;
    await page.goto(`/${lang}/profile-business/profile-settings`);
    await expect(page.getByText(b.defaultPassword)).toBeVisible();
    await page.getByRole("button", { name: b.changePassword }).click();
    const dialog = page.getByRole("dialog", { name: b.dialogTitle });
    await dialog.getByLabel(b.oldPassword, { exact: true }).fill(enterprise.password);
    await dialog.getByLabel(b.newPassword, { exact: true }).fill("Password1");
    await dialog.getByLabel(b.confirmPassword, { exact: true }).fill("Password1");
    await dialog.getByRole("button", { name: b.save }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: messages[lang].errors["20220"] })).toBeVisible();
    await dialog.getByRole("button", { name: b.cancel }).click();
    await expect(dialog).toBeHidden();
    // nothing changed: the default password is still the one to replace
    await expect(page.getByText(b.defaultPassword)).toBeVisible();
  }
});
