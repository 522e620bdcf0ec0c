import { expect, test } from "@playwright/test";
import { createAccount } from "./support/accounts";
import { uniqueEmail } from "./support/mailbox";
import { expectUserCentre, logInWithPassword, logOut, messages, registerAccount, type Lang } from "./support/screens";

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test.describe(`journey in ${lang}`, () => {
    test("a new user registers, sees the user centre, logs out and in again, and the guard sends a visitor back to login", async ({ page }) => {
      const email = uniqueEmail(`journey-${lang}`);
      const password = "Laser-2026";

      await page.goto(`/${lang}/register`);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await registerAccount(page, lang, email, password);
      await expectUserCentre(page, lang, email);

      await logOut(page, lang);
      await logInWithPassword(page, lang, email, password, true);
      await expectUserCentre(page, lang, email);
      const cookie = (await page.context().cookies()).find((c) => c.name === "utoken");
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 300 * 24 * 3600);

      await logOut(page, lang);
      await page.goto(`/${lang}/profile/settings`);
      await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?r=`));
      expect(new URL(page.url()).searchParams.get("r")).toMatch(new RegExp(`/${lang}/profile/settings$`));

      // Logging in from there returns to the page that asked for it.
      await logInWithPassword(page, lang, email, password);
      await expectUserCentre(page, lang, email);
    });

    test("bad input shows the spec's messages and signs nobody in", async ({ page }) => {
      const m = messages[lang];
      await page.goto(`/${lang}/register`);
      await page.getByLabel(m.register.email, { exact: true }).fill("not-an-email");
      await page.getByLabel(m.register.password, { exact: true }).fill("secret1");
      await page.getByLabel(m.register.confirmPassword, { exact: true }).fill("secret2");
      await page.getByRole("button", { name: m.register.submit, exact: true }).click();
      await expect(page.getByText(m.validation.emailInvalid)).toBeVisible();
      await expect(page.getByText(m.validation.passwordsMismatch)).toBeVisible();
      await expect(page.getByText(m.validation.codeRequired)).toBeVisible();
      await expect(page.getByText(m.validation.agreementRequired)).toBeVisible();

      await page.goto(`/${lang}/login`);
      await page.getByRole("button", { name: m.login.submit, exact: true }).click();
      await expect(page.getByText(m.validation.emailRequired)).toBeVisible();
      await expect(page.getByText(m.validation.passwordRequired)).toBeVisible();

      // an unknown email gets the wrong password's answer: the form does not tell who has an account
      await logInWithPassword(page, lang, uniqueEmail("nobody"), "whatever1");
      await expect(page.getByRole("alert").filter({ hasText: m.errors["20205"] })).toBeVisible();
      await expect(page.getByLabel(m.login.email, { exact: true })).not.toHaveValue("");
      await expect(page).toHaveURL(new RegExp(`/${lang}/login`));
    });
  });
}

test("a wrong password is refused with its message and the form keeps what was typed", async ({ page, request }) => {
  const email = uniqueEmail("wrongpw");
  // the register screen is the journey's above: this account is made through the API
  await createAccount(request, email, "Right-pass1");
  await page.goto("/en/login");

  await logInWithPassword(page, "en", email, "Wrong-pass1");
  await expect(page.getByRole("alert").filter({ hasText: messages.en.errors["20205"] })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await page.goto("/en/profile/settings");
  await expect(page).toHaveURL(/\/en\/login\?r=/);
});
