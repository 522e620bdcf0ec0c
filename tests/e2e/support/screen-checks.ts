import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { messages, type Lang } from "./screens";

/**
 * Checks every screen gets: it fits a 320 px phone without sideways scrolling (WCAG 1.4.10
 * reflow), and axe (WCAG 2.2 AA and best practice, landmarks included) finds nothing.
 */
export const PHONE = { width: 320, height: 640 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * What a screen shows while its scripts fetch its data: a card or list says it is busy
 * (aria-busy) or shows one of these lines until its data is in.
 */
function loadingLines(lang: Lang): string[] {
  const m = messages[lang];
  return [m.common.loading, m.verification.checking, m.verification.loading, m.security.sessions.loading, m.snPassword.checking, m.messageCentre.loading, m.social.connect.loading, m.console.analytics.loadingCharts];
}

/**
 * Opens a screen and waits until it has drawn what it loads: its main content, its fonts, its
 * images, and the data its scripts fetch (no part of it busy or loading any more). Not a quiet
 * network: analytics keep going.
 */
export async function openScreen(page: Page, url: string, lang: Lang): Promise<void> {
  await page.goto(url, { waitUntil: "load" });
  await page.getByRole("main").first().waitFor({ timeout: 30_000 });
  // a screen that passes the visitor on (the social callback without a round trip) may navigate
  // while it is read: then the screen checked is the one it settles on
  await page.evaluate(() => document.fonts.ready.then(() => undefined)).catch(async (error: unknown) => {
    if (!String(error).includes("Execution context was destroyed")) throw error;
    await page.waitForLoadState("load");
    await page.getByRole("main").first().waitFor({ timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
  });
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0, { timeout: 30_000 });
  for (const line of loadingLines(lang)) await expect(page.getByText(line, { exact: true })).toHaveCount(0, { timeout: 30_000 });
  // every image the page loads now (the logo, an avatar) has loaded or failed; lazy ones below the fold wait for a scroll
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete || image.loading === "lazy"), undefined, { timeout: 30_000 });
}

/** The page is no wider than the viewport: nothing to scroll sideways to. */
export async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const { scrollWidth, viewport } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(scrollWidth, `${name} is ${scrollWidth} px wide in a ${viewport} px viewport`).toBeLessThanOrEqual(viewport);
}

/**
 * axe with the rules of AXE_TAGS. Only violations are asserted, so only they are reported in full
 * (`resultTypes`): axe still runs every rule on every element, but builds selectors for one
 * element per passed or incomplete rule instead of all of them, most of its time on a long page.
 */
export async function expectNoAxeViolations(page: Page, name: string): Promise<void> {
  // a page rendered per request streams its <title> after the first bytes (Next's streamed
  // metadata), and a client navigation to a page not prefetched (a search) drops the title for
  // a few milliseconds while the router swaps the head in: axe checks the page once it has one,
  // as a user's tab shows it a moment later. A test that navigates on the client first waits for
  // the new address, so the title checked is the new page's (console.spec.ts, the user search).
  await expect(page, `the title of ${name}`).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).withTags(AXE_TAGS).analyze();
  const found = violations.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
  expect(found, `axe on ${name}`).toEqual([]);
}

/** The number of lines a single element's text takes (1 when it does not wrap). */
export async function lineCount(page: Page, selector: string, index = 0): Promise<number> {
  return page.evaluate(
    ([sel, i]) => {
      const element = document.querySelectorAll(sel)[i];
      if (!element) throw new Error(`no ${sel}`);
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
      return tops.size;
    },
    [selector, index] as const,
  );
}

/** On a signed-in screen at phone width: "Log out" on one line, every menu entry whole and on screen. */
export async function expectHeaderAndMenuWhole(page: Page, name: string): Promise<void> {
  expect(await lineCount(page, "header button"), `${name}: Log out wraps`).toBe(1);
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLAnchorElement>("nav ul a")).flatMap((link) => {
      const box = link.getBoundingClientRect();
      const whole = link.scrollWidth <= link.clientWidth + 1 && box.left >= 0 && box.right <= window.innerWidth;
      return whole ? [] : [link.textContent ?? ""];
    }),
  );
  expect(cut, `${name}: menu entries cut or off screen`).toEqual([]);
}

/**
 * Resizes the page that is open and waits until it is drawn at the new width: the screens change
 * with the width through CSS alone (no script reads it; the console's charts follow their box),
 * so this is the layout a load at that width gets, without loading the screen and its data again.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction((width) => window.innerWidth === width, size.width, { timeout: 30_000 });
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  // an image chosen by width (srcset) may load anew
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete || image.loading === "lazy"), undefined, { timeout: 30_000 });
}

/** Both checks on one screen at phone width, then axe at phone and desktop width (the same page, resized). */
export async function checkScreen(page: Page, url: string, options: { signedIn?: boolean; lang: Lang }): Promise<void> {
  const name = `${url} (${options.lang})`;
  await page.setViewportSize(PHONE);
  await openScreen(page, url, options.lang);
  await expectNoSidewaysScroll(page, name);
  if (options.signedIn) await expectHeaderAndMenuWhole(page, name);
  await expectNoAxeViolations(page, `${name} at 320 px`);
  await resizeTo(page, DESKTOP);
  await expectNoAxeViolations(page, `${name} at 1280 px`);
}
