import { expect, type BrowserContext, type Page } from "@playwright/test";
import { messages, type Lang } from "./screens";

/**
 * Google in this run is a standard provider (panva's oidc-provider, tests/support/standard-oidc-provider.ts):
 * its development login page (the login is the account's email; any password) and consent page,
 * or its cancel link. A browser it already knows is sent straight back, as by a real provider.
 */
export async function signInAtGoogle(page: Page, decision: "Allow" | "Deny", email = ""): Promise<void> {
  await expect(page.getByRole("heading", { name: "Sign-in" })).toBeVisible();
  if (decision === "Deny") {
    await page.getByRole("link", { name: "[ Cancel ]" }).click();
    return;
  }
  await page.getByPlaceholder("Enter any login").fill(email);
  await page.getByPlaceholder("and password").fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Authorize" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** The page its development pages load from the internet (a web font): the tests reach loopback only. */
export async function keepToLoopback(context: BrowserContext): Promise<void> {
  await context.route((url) => !/^(127\.\d+\.\d+\.\d+|localhost)$/.test(url.hostname), (route) => route.abort());
}

/** The test provider's consent page (tests/support/oidc-provider.ts), as a user at Facebook sees it. */
export async function consentAtProvider(page: Page, provider: "Facebook", decision: "Allow" | "Deny", account: { email?: string; name?: string } = {}): Promise<void> {
  await expect(page.getByRole("heading", { name: provider })).toBeVisible();
  if (account.email) await page.getByLabel("Email", { exact: true }).fill(account.email);
  if (account.name) await page.getByLabel("Name", { exact: true }).fill(account.name);
  await page.getByRole("button", { name: decision }).click();
}

/** The provider's button on login or register. */
export function providerButton(page: Page, lang: Lang, provider: "Google" | "Facebook" | "Apple") {
  return page.getByRole("link", { name: messages[lang].social.buttons.continueWith.replace("{provider}", provider) });
}

/** A provider's row in account security's social section. */
export function socialRow(page: Page, lang: Lang, provider: "Google" | "Facebook" | "Apple") {
  return page.getByRole("region", { name: messages[lang].security.social.title }).getByRole("listitem").filter({ hasText: provider });
}
