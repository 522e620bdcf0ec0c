import { expect, test } from "@playwright/test";
import { enterpriseFor, logInAsEnterprise, logOut, messages, type Lang } from "./support/screens";

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`enterprise login in ${lang}: default-password warning, changing it, bad input refused, verification after failures`, async ({ page, browser }) => {
    const m = messages[lang];
    const b = m.businessSettings;
    const enterprise = enterpriseFor(lang);
    const newPassword = "Laser-Ent-2026";
    const settingsUrl = new RegExp(`/${lang}/profile-business/profile-settings`);
    const alert = (code: keyof typeof m.errors) => page.getByRole("alert").filter({ hasText: m.errors[code] });
    const warning = page.getByText(b.defaultPassword);

    await page.goto(`/${lang}/login`);
    await page.getByRole("link", { name: m.login.business }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login-business`));

    // Bad input: an unknown business account ID, then a wrong password (twice, the second in the wrong case):
    // one answer for all three, so the form tells nobody which account IDs exist.
    await logInAsEnterprise(page, lang, { ...enterprise, account: "NO-SUCH-ACCOUNT" }, alert("20205"));
    await page.reload();
    await logInAsEnterprise(page, lang, { ...enterprise, password: "wrong-password" }, alert("20205"));
    await page.reload();
    await logInAsEnterprise(page, lang, { ...enterprise, password: enterprise.password.toUpperCase() }, alert("20205"));

    await page.reload();
    await logInAsEnterprise(page, lang, enterprise, page.getByRole("heading", { name: b.title }));
    await expect(page).toHaveURL(settingsUrl);
    for (const value of [enterprise.account, enterprise.name, enterprise.email]) await expect(page.getByText(value, { exact: true })).toBeVisible();
    await expect(warning).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: m.menu.businessSettings })).toHaveAttribute("aria-current", "page");

    // A second browser signed in as the same user: its session ends when the password changes.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(`/${lang}/login-business`);
    await logInAsEnterprise(otherPage, lang, enterprise, otherPage.getByRole("heading", { name: b.title }));

    // The dialog refuses a wrong current password and two different new ones.
    await page.getByRole("button", { name: b.changePassword }).click();
    const dialog = page.getByRole("dialog", { name: b.dialogTitle });
    await dialog.getByLabel(b.oldPassword, { exact: true }).fill("not-the-password");
    await dialog.getByLabel(b.newPassword, { exact: true }).fill(newPassword);
    await dialog.getByLabel(b.confirmPassword, { exact: true }).fill(newPassword);
    await dialog.getByRole("button", { name: b.save }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: m.errors["20206"] })).toBeVisible();
    await dialog.getByLabel(b.oldPassword, { exact: true }).fill(enterprise.password);
    await dialog.getByLabel(b.confirmPassword, { exact: true }).fill(`${newPassword}!`);
    await dialog.getByRole("button", { name: b.save }).click();
    await expect(dialog.getByText(m.validation.passwordsMismatch)).toBeVisible();
    await expect(warning).toBeVisible();

    await dialog.getByLabel(b.confirmPassword, { exact: true }).fill(newPassword);
    await dialog.getByRole("button", { name: b.save }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(b.changed)).toBeVisible();
    await expect(warning).toBeHidden();
    await page.reload();
    await expect(page.getByRole("heading", { name: b.title })).toBeVisible();
    await expect(warning).toBeHidden();

    // The other browser's session has ended: its next action says so and leads to enterprise login.
    await otherPage.getByRole("button", { name: b.changePassword }).click();
    const otherDialog = otherPage.getByRole("dialog", { name: b.dialogTitle });
    await otherDialog.getByLabel(b.oldPassword, { exact: true }).fill(enterprise.password);
    await otherDialog.getByLabel(b.newPassword, { exact: true }).fill("Another-pass1");
    await otherDialog.getByLabel(b.confirmPassword, { exact: true }).fill("Another-pass1");
    await otherDialog.getByRole("button", { name: b.save }).click();
    await expect(otherPage).toHaveURL(new RegExp(`/${lang}/login-business`));
    await expect(otherPage.getByText(m.common.expiredLogin)).toBeVisible();
    await other.close();

    await logOut(page, lang, "login-business");
    await logInAsEnterprise(page, lang, enterprise, alert("20205"));
    await page.reload();
    // After repeated failures the services want a human: the widget appears, and the form retries with its ticket.
    const asked = await logInAsEnterprise(page, lang, { ...enterprise, password: newPassword }, page.getByRole("heading", { name: b.title }));
    expect(asked).toBe(true);
    await expect(page).toHaveURL(settingsUrl);
  });
}
