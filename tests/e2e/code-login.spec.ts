import { expect, test } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { readEmailedCode, uniqueEmail } from "./support/mailbox";
import { expectUserCentre, messages, requestEmailedCode, type Lang } from "./support/screens";

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`code login in ${lang}: verification, emailed code, countdown across a reload, remember me; bad input refused`, async ({ page }) => {
    const m = messages[lang];
    const email = uniqueEmail(`code-${lang}`);
    // an account made through the API: the register screen is journey.spec.ts's
    await createAccount(page.request, email, "Laser-2026");

    await page.goto(`/${lang}/login`);
    await page.getByRole("tab", { name: m.login.codeMode }).click();
    let panel = page.getByRole("tabpanel");

    // Bad input 1: not an email. Nothing is verified or sent.
    await panel.getByLabel(m.login.email, { exact: true }).fill("not-an-email");
    await panel.getByRole("button", { name: m.login.sendCode, exact: true }).click();
    await expect(panel.getByText(m.validation.emailInvalid)).toBeVisible();
    await expect(page.locator("altcha-widget")).toHaveCount(0);

    await panel.getByLabel(m.login.email, { exact: true }).fill(email);
    await requestEmailedCode(page, lang, panel, m.login.sendCode, email);
    const code = await readEmailedCode(page.request, email, 1);

    // The 60 s wait survives a reload.
    await page.reload();
    await page.getByRole("tab", { name: m.login.codeMode }).click();
    panel = page.getByRole("tabpanel");
    const resend = panel.getByRole("button", { name: new RegExp(m.login.resendIn.replace("{seconds}", "\\d+")) });
    await expect(resend).toBeDisabled();

    // Bad input 2: a wrong code is refused and signs nobody in.
    const wrong = code === "000000" ? "111111" : "000000";
    await panel.getByLabel(m.login.email, { exact: true }).fill(email);
    await panel.getByLabel(m.login.code, { exact: true }).fill(wrong);
    await panel.getByRole("button", { name: m.login.submit, exact: true }).click();
    await expect(panel.getByRole("alert").filter({ hasText: m.errors["20204"] })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login`));
    expect((await page.context().cookies()).find((c) => c.name === "utoken")).toBeUndefined();

    await panel.getByLabel(m.login.code, { exact: true }).fill(code);
    await panel.getByLabel(m.login.remember).check();
    await panel.getByRole("button", { name: m.login.submit, exact: true }).click();
    await expectUserCentre(page, lang, email);
    const cookie = (await page.context().cookies()).find((c) => c.name === "utoken");
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);
  });
}
