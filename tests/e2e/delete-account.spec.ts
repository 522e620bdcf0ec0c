import { expect, test } from "@playwright/test";
import { signedInNewAccount } from "./support/accounts";
import { readEmailedCode, uniqueEmail } from "./support/mailbox";
import { expectUserCentre, logInWithPassword, messages, requestEmailedCode, type Lang } from "./support/screens";
import { openSecurity, sessionCookie } from "./support/security-screens";

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  test(`deleting the account (${lang}) needs the emailed code and both ticks; then the account is gone and the email is free`, async ({ page, context }) => {
    const m = messages[lang];
    const t = m.security.delete;
    const email = uniqueEmail(`delete-${lang}`);
    const password = "Laser-2026";

    // an account made through the API, signed in on the login screen (registering again is below)
    await signedInNewAccount(page, lang, email, password);
    const session = await sessionCookie(context);
    await openSecurity(page, lang);

    await page.getByRole("button", { name: t.open }).click();
    const dialog = page.getByRole("dialog", { name: t.dialogTitle });
    await expect(dialog.getByText(t.verifyIntro.replace("{email}", email))).toBeVisible();
    // Once the check passes the code is sent, and the dialog moves on to it.
    await dialog.locator("altcha-widget").getByText(m.verification.widget.label, { exact: true }).click();
    await expect(dialog.getByRole("status").filter({ hasText: email })).toBeVisible({ timeout: 30_000 });

    // The delete button waits for both ticks, and says so.
    const submit = dialog.getByRole("button", { name: t.submit });
    await expect(submit).toBeDisabled();
    await expect(dialog.getByText(t.confirmBoth)).toBeVisible();
    const code = await readEmailedCode(page.request, email, 1);
    await dialog.getByRole("checkbox", { name: t.confirmFinancial }).check();
    await expect(submit).toBeDisabled();
    await dialog.getByRole("checkbox", { name: t.confirmPermanent }).check();
    await expect(submit).toBeEnabled();

    // Both ticks but no code: the code is asked for.
    await submit.click();
    await expect(dialog.getByText(m.validation.codeRequired)).toBeVisible();

    // Both ticks, but a wrong code (the registration code was the first mail; the deletion code is the second):
    // the password proves it is the owner first (step-up.spec.ts), then the code is refused.
    await dialog.getByLabel(t.code, { exact: true }).fill(code === "000000" ? "111111" : "000000");
    await dialog.getByRole("button", { name: t.submit }).click();
    const stepUp = page.getByRole("dialog", { name: m.stepUp.title });
    await stepUp.getByLabel(m.stepUp.password, { exact: true }).fill(password);
    await stepUp.getByRole("button", { name: m.stepUp.confirm }).click();
    await expect(stepUp).toBeHidden();
    await expect(dialog.getByRole("alert").filter({ hasText: m.errors["20204"] })).toBeVisible();

    // The right code with both ticks deletes the account (the proof holds for 5 minutes).
    await dialog.getByLabel(t.code, { exact: true }).fill(code);
    await dialog.getByRole("button", { name: t.submit }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login`));
    await expect(page.getByRole("status").filter({ hasText: m.login.accountDeleted })).toBeVisible();

    // The old session is gone, also when its token is presented again.
    await context.addCookies([session]);
    await page.goto(`/${lang}/profile/security`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/login(\\?|$)`));
    await expect(page.getByText(m.common.expiredLogin)).toBeVisible();

    // Logging in fails as for an unknown account (the wrong password's answer: the form tells nobody who has one).
    await logInWithPassword(page, lang, email, password);
    await expect(page.getByRole("alert").filter({ hasText: m.errors["20205"] })).toBeVisible();

    // The address can register again (in a new tab: this one still counts down its first code request).
    const again = await context.newPage();
    await again.goto(`/${lang}/register`);
    await again.getByLabel(m.register.email, { exact: true }).fill(email);
    await requestEmailedCode(again, lang, again, m.register.sendCode, email);
    await again.getByLabel(m.register.code, { exact: true }).fill(await readEmailedCode(again.request, email, 2));
    await again.getByLabel(m.register.password, { exact: true }).fill(password);
    await again.getByLabel(m.register.confirmPassword, { exact: true }).fill(password);
    await again.getByRole("checkbox", { name: new RegExp(m.register.agreePrefix) }).check();
    await again.getByRole("button", { name: m.register.submit, exact: true }).click();
    await expectUserCentre(again, lang, email);
  });
}
