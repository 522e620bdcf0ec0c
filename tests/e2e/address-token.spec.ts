import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { BASE_URL, EMBED_PORTAL_URL, FOREIGN_SITE_URL, HOST_SITE_URL, OIDC_PROVIDERS } from "../../playwright.config";
import { createAccount } from "./support/accounts";
import { emailOfToken } from "./support/embed-screens";
import { uniqueEmail } from "./support/mailbox";
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/screen-checks";
import { messages, type Lang } from "./support/screens";

/**
 * A session token in the address (`?ut=`, SPEC §4; docs/embedding.md "A token in the address"),
 * attacked as another site would: a link on a hostile page (127.0.0.2, another site than the
 * portal on 127.0.0.1) never signs anyone in silently; the visitor is asked "Continue as …?"
 * first. The hand-overs SPEC means still work at once: a frame of an allowlisted host and a native
 * webview's launch.
 */
const PASSWORD = "Laser-2026";

declare global {
  interface Window {
    /** what a portal page heard by postMessage (the window-mode test) */
    heard: unknown[];
  }
}

async function portalToken(context: BrowserContext, base: string): Promise<string | undefined> {
  const host = new URL(base).hostname;
  return (await context.cookies()).find((cookie) => cookie.name === "utoken" && cookie.domain === host)?.value;
}

async function followBait(page: Page, to: string): Promise<void> {
  await page.goto(`${FOREIGN_SITE_URL}/link.html?${new URLSearchParams({ to })}`);
  await page.locator("#bait").click();
}

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`a link on another site with someone else's token asks first; Not me changes nothing, Continue signs in (${lang})`, async ({ page, request }) => {
    const m = messages[lang];
    const email = uniqueEmail(`csrf-link-${lang}`);
    const { utoken } = await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
    const masked = `${email[0]}***${email.slice(email.indexOf("@"))}`;

    await followBait(page, `${EMBED_PORTAL_URL}/${lang}/profile/settings?ut=${utoken}&p=atomm`);
    await expect(page).toHaveURL(`${EMBED_PORTAL_URL}/${lang}/continue?p=atomm`);
    await expect(page.getByRole("heading", { name: m.addressHandoff.title })).toBeVisible();
    await expect(page.getByText(m.addressHandoff.question.replace("{account}", masked))).toBeVisible();
    expect(page.url()).not.toContain(utoken);
    expect(await portalToken(page.context(), EMBED_PORTAL_URL)).toBeUndefined();
    // the question is a screen like any other: axe finds nothing, and it fits a phone
    await expectNoAxeViolations(page, `continue (${lang})`);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, `continue (${lang})`);

    await page.getByRole("button", { name: m.addressHandoff.notMe }).click();
    await expect(page).toHaveURL(new RegExp(`^${EMBED_PORTAL_URL}/${lang}/login\\?p=atomm`));
    expect(await portalToken(page.context(), EMBED_PORTAL_URL)).toBeUndefined();
    // the signed-in page stays closed, and the waiting token is gone
    await page.goto(`${EMBED_PORTAL_URL}/${lang}/profile/settings`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/login`));
    await page.goto(`${EMBED_PORTAL_URL}/${lang}/continue`);
    await expect(page.getByRole("heading", { name: m.addressHandoff.expiredTitle })).toBeVisible();

    // asked again, the visitor chooses to continue: the page it was handed to opens, signed in
    await followBait(page, `${EMBED_PORTAL_URL}/${lang}/profile/settings?ut=${utoken}`);
    await page.getByRole("button", { name: m.addressHandoff.continue.replace("{account}", masked) }).click();
    await expect(page).toHaveURL(`${EMBED_PORTAL_URL}/${lang}/profile/settings`);
    await expect(page.getByRole("heading", { name: m.settings.title })).toBeVisible();
    expect(await portalToken(page.context(), EMBED_PORTAL_URL)).toBe(utoken);
  });
}

test("an emailed link or a typed address with a token is asked about too; an image with one does nothing", async ({ page, request }) => {
  const email = uniqueEmail("csrf-typed");
  const { utoken } = await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  // a navigation with no initiating page (Sec-Fetch-Site: none)
  await page.goto(`${EMBED_PORTAL_URL}/en/login?ut=${utoken}`);
  await expect(page).toHaveURL(`${EMBED_PORTAL_URL}/en/continue`);
  expect(await portalToken(page.context(), EMBED_PORTAL_URL)).toBeUndefined();

  // an image tag on another site: the token is dropped, not even kept for the question
  await page.context().clearCookies();
  await page.goto(`${FOREIGN_SITE_URL}/link.html?to=about:blank`);
  await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await new Promise((resolve) => {
      image.onload = image.onerror = resolve;
    });
  }, `${EMBED_PORTAL_URL}/en/login?ut=${utoken}`);
  // nothing of the token is kept: no session and no pending question. The language cookie is no
  // secret, and a response of the page before (its router's own request) may still set it after
  // the cookies were cleared (CI saw IntlLang=en here once)
  const kept = await page.context().cookies(EMBED_PORTAL_URL);
  expect(kept.filter((cookie) => cookie.name !== "IntlLang")).toEqual([]);
  expect(kept.some((cookie) => cookie.value.includes(utoken))).toBe(false);
});

test("an allowlisted host's frame hands a token over at once (SPEC §4)", async ({ page, request }) => {
  const email = uniqueEmail("ut-frame");
  const { utoken } = await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  await page.goto(`${HOST_SITE_URL}/frame.html?${new URLSearchParams({ path: `/en/login?ut=${utoken}` })}`);
  const frame = page.frameLocator("#passport iframe");
  await expect(frame.getByRole("heading", { name: messages.en.settings.title })).toBeVisible();
  await expect(frame.getByText(email).first()).toBeVisible();
});

test("a native app's webview launch hands a token over at once; the same header from a page's link does not", async ({ browser, request }) => {
  const email = uniqueEmail("ut-native");
  const { utoken } = await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  const webview = await browser.newContext({ extraHTTPHeaders: { "X-Passport-Launch": "native" } });
  const app = await webview.newPage();
  await app.goto(`${EMBED_PORTAL_URL}/zh/login?ut=${utoken}&s=pc&av=2.6.0`);
  await expect(app.getByRole("heading", { name: messages.zh.settings.title })).toBeVisible();
  expect(await portalToken(webview, EMBED_PORTAL_URL)).toBe(utoken);

  // a link another site shows in the same webview is a cross-site navigation: asked first. The
  // bait opens in a page of its own (same webview: same launch header, same cookies), so the
  // settings page left open above, which may still be settling its own address, cannot abort it.
  await webview.clearCookies();
  const bait = await webview.newPage();
  await followBait(bait, `${EMBED_PORTAL_URL}/zh/login?ut=${utoken}`);
  await expect(bait).toHaveURL(new RegExp(`^${EMBED_PORTAL_URL}/zh/continue`));
  expect(await portalToken(webview, EMBED_PORTAL_URL)).toBeUndefined();
  await webview.close();
});

test("a hostile page starts a social sign-in in a popup, then sends it to the callback with its own token: nothing is signed in", async ({ page, request }) => {
  const email = uniqueEmail("csrf-social");
  const { utoken } = await createAccount(request, email, PASSWORD, BASE_URL);
  const query = new URLSearchParams({ open: `${BASE_URL}/api/social/google?lang=en`, then: `${BASE_URL}/en/authcb?ut=${utoken}&c=google` });
  await page.goto(`${FOREIGN_SITE_URL}/popup.html?${query}`);
  const popupOpened = page.waitForEvent("popup");
  await page.locator("#bait").click();
  const popup = await popupOpened;
  // the social sign-in has begun: the popup is at the provider's sign-in page
  await expect(popup).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${OIDC_PROVIDERS.google}/`));
  await page.locator("#then").click();
  await expect(popup).toHaveURL(new RegExp(`^${BASE_URL}/en/login`));
  expect(await portalToken(page.context(), BASE_URL)).toBeUndefined();
  await popup.goto(`${BASE_URL}/en/profile/settings`);
  await expect(popup).toHaveURL(new RegExp(`^${BASE_URL}/en/login`));
});

test("a connection result the browser did not start shows nothing (no 'connected' spoof)", async ({ page, request }) => {
  const email = uniqueEmail("bind-spoof");
  const { utoken } = await createAccount(request, email, PASSWORD, BASE_URL);
  await page.context().addCookies([{ name: "utoken", value: utoken, url: BASE_URL }]);
  await page.goto("/en/authcb?op=bind&c=google");
  await expect(page).toHaveURL(/\/en\/profile\/security/);
  await expect(page.getByRole("heading", { name: messages.en.security.social.title })).toBeVisible();
  const connected = messages.en.security.social.connectedNotice.replace("{provider}", "Google");
  await expect(page.getByText(connected)).toHaveCount(0);
});

test("window mode never hands the session to the portal's own pages", async ({ page, request }) => {
  const email = uniqueEmail("window-own");
  const { utoken } = await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  await page.context().addCookies([{ name: "utoken", value: utoken, url: EMBED_PORTAL_URL }]);
  await page.goto(`${EMBED_PORTAL_URL}/en/profile/settings`);
  await expect(page.getByRole("heading", { name: messages.en.settings.title })).toBeVisible();
  // a script in the portal's own origin opens window mode, with and without naming a host
  await page.evaluate(() => {
    window.heard = [];
    window.addEventListener("message", (event) => window.heard.push(event.data));
  });
  for (const query of ["embed=window", `embed=window&relay=${encodeURIComponent(HOST_SITE_URL)}`]) {
    const popupOpened = page.waitForEvent("popup");
    await page.evaluate((q) => void window.open(`/en/login?${q}`, "_blank", "popup=yes"), query);
    const popup = await popupOpened;
    await expect(popup).toHaveURL(/\/en\/profile\/settings/, { timeout: 20_000 });
    await popup.close();
  }
  const heard = await page.evaluate(() => window.heard);
  expect(JSON.stringify(heard)).not.toContain(utoken);
  expect(await emailOfToken(request, utoken)).toBe(email);
});
