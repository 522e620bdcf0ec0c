import { readFileSync } from "node:fs";
import { expect, type Locator, type Page } from "@playwright/test";
import en from "../../../messages/en.json";
import zh from "../../../messages/zh.json";
import { ENTERPRISES } from "../../../playwright.config";
import { readEmailedCode } from "./mailbox";

export type Lang = "en" | "zh";
export const messages = { en, zh } as const;

/**
 * Solves the ALTCHA proof of work as a user does: a click on "I'm not a robot", then the
 * browser works until the widget says it is verified.
 */
export async function solveHumanVerification(page: Page, lang: Lang): Promise<void> {
  const m = messages[lang].verification.widget;
  const widget = page.locator("altcha-widget");
  await widget.getByText(m.label, { exact: true }).click();
  await expect(widget.getByText(m.verified, { exact: true })).toBeVisible({ timeout: 30_000 });
}

/** Clicks "send code", passes the verification and waits for the "code sent" notice. */
export async function requestEmailedCode(page: Page, lang: Lang, scope: Locator | Page, sendLabel: string, email: string): Promise<void> {
  await scope.getByRole("button", { name: sendLabel, exact: true }).click();
  await solveHumanVerification(page, lang);
  await expect(scope.getByRole("status").filter({ hasText: email })).toBeVisible();
}

/** Fills and sends the register form, reading the code from the real SMTP server. */
export async function registerAccount(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  const m = messages[lang].register;
  await page.getByLabel(m.email, { exact: true }).fill(email);
  await requestEmailedCode(page, lang, page, m.sendCode, email);
  const code = await readEmailedCode(page.request, email);
  await page.getByLabel(m.code, { exact: true }).fill(code);
  await page.getByLabel(m.password, { exact: true }).fill(password);
  await page.getByLabel(m.confirmPassword, { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: new RegExp(m.agreePrefix) }).check();
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

export async function logOut(page: Page, lang: Lang, to = "login"): Promise<void> {
  await page.getByRole("button", { name: messages[lang].menu.logout }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/${to}(\\?|$)`));
}

/** Signs in with a password on the login screen, and waits for the user centre. */
export async function signInOnLoginScreen(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  await page.goto(`/${lang}/login`);
  await logInWithPassword(page, lang, email, password);
  await expectUserCentre(page, lang, email);
}

export type EnterpriseAccount = { account: string; email: string; name: string; password: string };

/** The enterprise created for this language (or another fixture of ENTERPRISES) before the portal started (playwright.config.ts). */
export function enterpriseFor(lang: keyof typeof ENTERPRISES): EnterpriseAccount {
  return JSON.parse(readFileSync(ENTERPRISES[lang].file, "utf8")) as EnterpriseAccount;
}

/**
 * Fills and sends the enterprise login form. When the services ask for human verification
 * (20106, after repeated failures), it is solved and the form sent again, as a user would.
 * Returns whether verification was asked for.
 */
export async function logInAsEnterprise(page: Page, lang: Lang, input: { account: string; email: string; password: string }, settled: Locator): Promise<boolean> {
  const m = messages[lang].loginBusiness;
  await page.getByLabel(m.account, { exact: true }).fill(input.account);
  await page.getByLabel(m.email, { exact: true }).fill(input.email);
  await page.getByLabel(m.password, { exact: true }).fill(input.password);
  await page.getByRole("button", { name: m.submit, exact: true }).click();
  const asked = page.locator("altcha-widget");
  await expect(settled.or(asked)).toBeVisible();
  if (!(await asked.isVisible())) return false;
  await solveHumanVerification(page, lang);
  await page.getByRole("button", { name: m.submit, exact: true }).click();
  await expect(settled).toBeVisible();
  return true;
}
