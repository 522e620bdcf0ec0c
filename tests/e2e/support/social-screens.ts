import { expect, type Page } from "@playwright/test";
import { messages, type Lang } from "./screens";

/** The test provider's consent page (tests/support/oidc-provider.ts), as a user at Google or Facebook sees it. */
export async function consentAtProvider(page: Page, provider: "Google" | "Facebook", decision: "Allow" | "Deny", account: { email?: string; name?: string } = {}): Promise<void> {
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
