import { expect, type Page } from "@playwright/test";
import { PAGE_TEXT } from "../../../lib/backend/oidc/pages";
import { REFAPP_URL } from "../../../playwright.config";
import type { Lang } from "./screens";

/**
 * The reference brand app (tests/support/reference-app) as its user sees it: one page that says
 * signed out or signed in (sub, email, amr) and what the last step did, and its buttons.
 */
export async function startSignIn(page: Page, lang: Lang): Promise<void> {
  await page.goto(REFAPP_URL);
  await expect(page.getByRole("heading", { name: "Signed out" })).toBeVisible();
  await page.getByLabel("Language of the sign-in").selectOption(lang);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Back in the app, signed in as this account; `amr`: the ways in its ID token says were used. */
export async function expectSignedIn(page: Page, email: string, amr?: string[]): Promise<void> {
  await expect(page).toHaveURL(`${REFAPP_URL}/`);
  await expect(page.getByRole("heading", { name: "Signed in" })).toBeVisible();
  await expect(page.getByTestId("email")).toHaveText(email);
  await expect(page.getByTestId("sub")).toHaveText(/^[0-9a-f-]{36}$/);
  if (amr) expect((await page.getByTestId("amr").innerText()).split(" ").sort()).toEqual([...amr].sort());
}

/** Presses one of the app's buttons and waits for what the app says it did. */
export async function press(page: Page, button: string, says: RegExp): Promise<void> {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByRole("status").or(page.getByRole("alert"))).toHaveText(says);
}

/**
 * The app's "Sign out" (RP-initiated logout): the provider's page, in the user's language, asks
 * and "Sign out everywhere" ends the provider's session and the portal's; the browser is sent
 * back to the app, signed out.
 */
export async function signOutEverywhere(page: Page, lang: Lang): Promise<void> {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { name: PAGE_TEXT[lang].logoutTitle })).toBeVisible();
  await page.getByRole("button", { name: PAGE_TEXT[lang].logoutYes }).click();
  await expect(page).toHaveURL(`${REFAPP_URL}/`);
  await expect(page.getByRole("heading", { name: "Signed out" })).toBeVisible();
}
