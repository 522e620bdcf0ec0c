import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { BASE_URL } from "../../../playwright.config";
import { messages, type Lang } from "./screens";

/** A browser of its own (its own cookies, so its own device id), optionally with other context options. */
export async function newBrowser(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, ...options });
  return { context, page: await context.newPage() };
}

/** Opens account security from the side menu, as a user does. */
export async function openSecurity(page: Page, lang: Lang): Promise<void> {
  await page.getByRole("navigation", { name: messages[lang].menu.label }).getByRole("link", { name: messages[lang].menu.security }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile(-business)?/security`));
  await expect(page.getByRole("heading", { level: 1, name: messages[lang].security.title })).toBeVisible();
}

/** The login-log table and its session rows (the current session's row, the others). */
export function sessionRows(page: Page, lang: Lang): { table: Locator; rows: Locator; current: Locator; others: Locator } {
  const m = messages[lang].security.sessions;
  const table = page.getByRole("table", { name: m.title });
  const rows = table.locator("tbody tr");
  return {
    table,
    rows,
    current: rows.filter({ hasText: m.current }),
    others: rows.filter({ hasNotText: m.current }),
  };
}

/** The text of a row's cell for a column, as its label names it. */
export function cell(row: Locator, lang: Lang, column: keyof (typeof messages)["en"]["security"]["sessions"]["columns"]): Locator {
  return row.locator(`td[data-label="${messages[lang].security.sessions.columns[column]}"]`);
}

/** The utoken cookie of a browser, to show that a session is gone afterwards. */
export async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === "utoken");
  if (!cookie) throw new Error("not signed in");
  return cookie;
}
