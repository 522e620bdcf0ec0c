import { expect, test } from "@playwright/test";
import { registerByApi, signIn } from "./support/api-account";
import { readEmailedCode, uniqueEmail } from "./support/mailbox";
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/screen-checks";
import { messages, type Lang } from "./support/screens";

/**
 * Step-up (docs/security.md): deleting the account, the furthest a change can lower its security,
 * asks "Confirm it's you" even in a signed-in browser. Cancelled, nothing happens and the screen
 * says why; a wrong password is refused with its message; the right one lets the same deletion
 * through without asking for anything again. Axe clean, and the dialog works by keyboard.
 */
for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`deleting the account asks who it is first: cancel, a wrong password, then the right one (${lang})`, async ({ page, context }) => {
    const m = messages[lang];
    const t = m.security.delete;
    const s = m.stepUp;
    const email = uniqueEmail(`step-up-${lang}`);
    await signIn(context, await registerByApi(page.request, email));
    await page.goto(`/${lang}/profile/security`);

    // the deletion, up to its last button, as delete-account.spec.ts walks it
    await page.getByRole("button", { name: t.open }).click();
    const deletion = page.getByRole("dialog", { name: t.dialogTitle });
    await deletion.locator("altcha-widget").getByText(m.verification.widget.label, { exact: true }).click();
    await expect(deletion.getByRole("status").filter({ hasText: email })).toBeVisible({ timeout: 30_000 });
    await deletion.getByLabel(t.code, { exact: true }).fill(await readEmailedCode(page.request, email, 1));
    await deletion.getByRole("checkbox", { name: t.confirmFinancial }).check();
    await deletion.getByRole("checkbox", { name: t.confirmPermanent }).check();
    const submit = deletion.getByRole("button", { name: t.submit });
    await submit.click();

    // the services refused it without a recent proof: the dialog asks, saying what the change is, focus in the password
    const stepUp = page.getByRole("dialog", { name: s.title });
    await expect(stepUp).toHaveAccessibleDescription(s.description.replace("{action}", s.actions.deleteAccount));
    const password = stepUp.getByLabel(s.password, { exact: true });
    await expect(password).toBeFocused();
    await expectNoAxeViolations(page, `step-up dialog (${lang})`);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, `step-up dialog (${lang})`);

    // Escape closes it alone; nothing was deleted and the deletion dialog says why, focus back on its button
    await page.keyboard.press("Escape");
    await expect(stepUp).toBeHidden();
    await expect(deletion.getByRole("alert").filter({ hasText: m.errors["20113"] })).toBeVisible();
    await expect(submit).toBeFocused();

    // by keyboard: Enter on the focused button tries again, a wrong password is refused with its message
    await page.keyboard.press("Enter");
    await expect(password).toBeFocused();
    await page.keyboard.type("Not-the-one-1");
    await page.keyboard.press("Enter");
    await expect(stepUp.getByRole("alert").filter({ hasText: m.errors["20206"] })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile/security`));

    // the right password, then Tab past show/hide to Confirm: the same deletion goes through
    await password.fill("Laser-2026");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(stepUp.getByRole("button", { name: s.confirm })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/${lang}/login`));
    await expect(page.getByRole("status").filter({ hasText: m.login.accountDeleted })).toBeVisible();
  });
}
