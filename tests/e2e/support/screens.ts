import { expect, type Page } from "@playwright/test";
import en from "../../../messages/en.json";
import zh from "../../../messages/zh.json";
import { readEmailedCode } from "./mailbox";

export type Lang = "en" | "zh";
export const messages = { en, zh } as const;

/** Fills and sends the register form, reading the code from the real SMTP server. */
export async function registerAccount(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  const m = messages[lang].register;
  await page.getByLabel(m.email, { exact: true }).fill(email);
  await page.getByRole("button", { name: m.sendCode }).click();
  await expect(page.getByRole("status").filter({ hasText: email })).toBeVisible();
  const code = await readEmailedCode(page.request, email);
  await page.getByLabel(m.code, { exact: true }).fill(code);
  await page.getByLabel(m.password, { exact: true }).fill(password);
  await page.getByLabel(m.confirmPassword, { exact: true }).fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: m.submit, exact: true }).click();
}

export async function logInWithPassword(page: Page, lang: Lang, email: string, password: string, remember = false): Promise<void> {
  const m = messages[lang].login;
  await page.getByLabel(m.email, { exact: true }).fill(email);
  await page.getByLabel(m.password, { exact: true }).fill(password);
  if (remember) await page.getByLabel(m.remember).check();
  await page.getByRole("button", { name: m.submit, exact: true }).click();
}

export async function expectUserCentre(page: Page, lang: Lang, email: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile/settings`));
  await expect(page.getByRole("heading", { name: messages[lang].settings.title })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
}

export async function logOut(page: Page, lang: Lang): Promise<void> {
  await page.getByRole("button", { name: messages[lang].menu.logout }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/login`));
}
