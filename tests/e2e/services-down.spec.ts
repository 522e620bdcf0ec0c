import { expect, test } from "@playwright/test";
import { DOWN_URL } from "../../playwright.config";
import { messages, type Lang } from "./support/screens";

/** A portal whose passport API is a closed port: 1000 'Network connection failed' (or 1002), nothing lost. */
for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`with the services down (${lang}) the login form says so and keeps what was typed`, async ({ page }) => {
    const m = messages[lang];
    const network = page.getByRole("alert").filter({ hasText: new RegExp(`${m.errors["1000"]}|${m.errors["1002"]}`) });
    await page.goto(`${DOWN_URL}/${lang}/login`);

    await page.getByLabel(m.login.email, { exact: true }).fill("ada@example.com");
    await page.getByLabel(m.login.password, { exact: true }).fill("secret-1");
    await page.getByLabel(m.login.remember).check();
    await page.getByRole("button", { name: m.login.submit, exact: true }).click();
    await expect(network).toBeVisible();
    await expect(page.getByLabel(m.login.email, { exact: true })).toHaveValue("ada@example.com");
    await expect(page.getByLabel(m.login.password, { exact: true })).toHaveValue("secret-1");
    await expect(page.getByLabel(m.login.remember)).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login`));

    // The code request cannot even learn which verification to show.
    await page.getByRole("tab", { name: m.login.codeMode }).click();
    await page.getByLabel(m.login.email, { exact: true }).fill("ada@example.com");
    await page.getByRole("button", { name: m.login.sendCode, exact: true }).click();
    await expect(network).toBeVisible();
    await expect(page.getByLabel(m.login.email, { exact: true })).toHaveValue("ada@example.com");
  });
}
