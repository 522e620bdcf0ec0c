import { expect, test, type Page } from "@playwright/test";
import { EMBED_PORTAL_URL, FOREIGN_SITE_URL, HOST_SITE_URL } from "../../playwright.config";
import { createAccount } from "./support/accounts";
import { emailOfToken, expectLoginThenToken, receivedTypes, signInWith } from "./support/embed-screens";
import { uniqueEmail } from "./support/mailbox";
import { messages, type Lang } from "./support/screens";

/**
 * Window mode (SPEC §4; docs/embedding.md): a host opens the portal with window.open through its
 * host script; a sign-in in that window, or a user already signed in, is handed to the opener by
 * postMessage at its exact origin, and the window closes. An opener that is not on the allowlist
 * gets nothing.
 */
const PASSWORD = "Laser-2026";

async function openPortalWindow(page: Page, site: string, lang: Lang): Promise<Page> {
  await page.goto(`${site}/window.html?path=/${lang}/login`);
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Open Passport" }).click();
  return popup;
}

async function signInAtThePortal(page: Page, lang: Lang, email: string): Promise<void> {
  await page.goto(`${EMBED_PORTAL_URL}/${lang}/login`);
  await signInWith(page, lang, email, PASSWORD);
  await expect(page.getByRole("heading", { name: messages[lang].settings.title })).toBeVisible();
}

test("a user signs in in the window a host opened: the host hears login and the token, the window closes", async ({ page, request }) => {
  const email = uniqueEmail("window-en");
  await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  const popup = await openPortalWindow(page, HOST_SITE_URL, "en");
  await expect(popup).toHaveURL(new RegExp(`^${EMBED_PORTAL_URL}/en/login\\?embed=window`));
  await expect(popup.getByRole("heading", { name: messages.en.login.title })).toBeVisible();
  const closed = popup.waitForEvent("close");
  await signInWith(popup, "en", email, PASSWORD);
  const token = await expectLoginThenToken(page);
  await closed;
  expect(await emailOfToken(request, token)).toBe(email);
});

test("a user already signed in is handed to the host at once when it opens the window (zh)", async ({ page, context, request }) => {
  const email = uniqueEmail("window-zh");
  await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  await signInAtThePortal(await context.newPage(), "zh", email);
  const popup = await openPortalWindow(page, HOST_SITE_URL, "zh");
  await popup.waitForEvent("close");
  const token = await expectLoginThenToken(page);
  expect(await emailOfToken(request, token)).toBe(email);
});

test("a site that is not on the allowlist opens the window and gets nothing; the user goes on to the user centre", async ({ page, context, request }) => {
  const email = uniqueEmail("window-foreign");
  await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  await signInAtThePortal(await context.newPage(), "en", email);
  const popup = await openPortalWindow(page, FOREIGN_SITE_URL, "en");
  await expect(popup).toHaveURL(new RegExp(`^${EMBED_PORTAL_URL}/en/profile/settings`));
  await expect(popup.getByRole("heading", { name: messages.en.settings.title })).toBeVisible();
  expect(await receivedTypes(page)).toEqual([]);
});

test("the portal's own page, launched by no host, never gets the token; another site's call is refused", async ({ page, request }) => {
  const email = uniqueEmail("window-no-launch");
  await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  await signInAtThePortal(page, "en", email);
  const answer = await page.evaluate(async () => (await fetch("/api/embed/handoff?lang=en", { method: "POST" })).json());
  expect(answer).toEqual({ ok: false, error: { code: 20404 } });
  const crossSite = await request.post(`${EMBED_PORTAL_URL}/api/embed/handoff?lang=en`, { headers: { "sec-fetch-site": "cross-site", origin: HOST_SITE_URL } });
  expect(crossSite.status()).toBe(403);
  // a window-mode link that nothing opened leads a signed-in user on as usual
  await page.goto(`${EMBED_PORTAL_URL}/en/login?embed=window`);
  await expect(page).toHaveURL(`${EMBED_PORTAL_URL}/en/profile/settings`);
});
