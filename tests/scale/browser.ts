import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { api } from "./http";
import { LOAD_ADDRESS } from "./portals";

/**
 * A real browser through the balancer, as a visitor sees the scaled-out portal: Debian's Chromium
 * (CHROMIUM_PATH to change it), driven as the e2e suite drives it. Each visit records what the
 * page's Content-Security-Policy refused, so a check can say "nothing was blocked".
 */
export type Visit = { status: number; retryAfter: string | null };

let browser: Browser | null = null;

async function launched(): Promise<Browser> {
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = null;
}

/** A page of a fresh browser profile; signed in as `email` when given (its session cookie, as after a sign-in). */
export async function browserPage(base: string, account?: { email: string; password: string }): Promise<Page> {
  const context: BrowserContext = await (await launched()).newContext();
  await context.addInitScript(() => {
    const seen: string[] = [];
    Reflect.set(window, "__cspViolations", seen);
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`));
  });
  if (account) {
    const login = await api(base, "POST", "/v1/login", { body: account, from: LOAD_ADDRESS });
    const token = login.envelope.data?.utoken;
    if (typeof token !== "string") throw new Error(`${account.email} could not sign in for the browser (code ${login.envelope.code})`);
    await context.addCookies([{ name: "utoken", value: token, url: base }]);
  }
  return context.newPage();
}

/** Opens `url` in `page`: its status and its Retry-After. */
export async function visit(page: Page, url: string): Promise<Visit> {
  const response = await page.goto(url, { waitUntil: "load" });
  return { status: response?.status() ?? 0, retryAfter: (await response?.headerValue("retry-after")) ?? null };
}

/** What the page's Content-Security-Policy refused so far ("directive blocked-address"). */
export async function violationsOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen: unknown = Reflect.get(window, "__cspViolations");
    return Array.isArray(seen) ? seen.map(String) : [];
  });
}

/**
 * The user centre of an account with an avatar in the S3 bucket: the avatar's address is on the
 * bucket's origin, the browser loaded it (naturalWidth > 0) and the CSP refused nothing.
 * Returns the problems found, in words.
 */
export async function checkAvatarShown(base: string, account: { email: string; password: string }, bucketUrl: string, altText: string): Promise<string[]> {
  const page = await browserPage(base, account);
  try {
    const seen = await visit(page, `${base}/en/profile/settings`);
    const avatar = page.getByRole("img", { name: altText, exact: true });
    await avatar.waitFor({ timeout: 30_000 });
    const src = (await avatar.getAttribute("src")) ?? "";
    // loaded or refused: settled either way once `complete` is true
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.complete, await avatar.elementHandle(), { timeout: 30_000 });
    const width = await avatar.evaluate((img) => (img instanceof HTMLImageElement ? img.naturalWidth : 0));
    const violations = await violationsOf(page);
    const problems: string[] = [];
    if (seen.status !== 200) problems.push(`avatar: the user centre answered ${seen.status}`);
    if (!src.startsWith(`${bucketUrl}/`)) problems.push(`avatar: its address ${src} is not in the bucket ${bucketUrl}`);
    if (width === 0) problems.push(`avatar: the browser did not show ${src} (naturalWidth 0)`);
    if (violations.length > 0) problems.push(`avatar: the page's CSP refused ${[...new Set(violations)].join(", ")}`);
    return problems;
  } finally {
    await page.context().close();
  }
}
