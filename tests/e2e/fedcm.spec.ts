import { expect, test, type APIRequestContext, type CDPSession, type Page } from "@playwright/test";
import { EMBED_PORTAL_URL, FEDCM_BRANDS, SIBLING_URL } from "../../playwright.config";
import { createAccount } from "./support/accounts";
import { attachBrowserLogOnFailure, recordBrowserLog } from "./support/browser-log";
import { signInWith } from "./support/embed-screens";
import { uniqueEmail } from "./support/mailbox";
import { logOut, messages } from "./support/screens";

/**
 * The passport as a FedCM identity provider (docs/fedcm.md), in Chromium with third-party cookies
 * blocked (Playwright's contexts block them, as Chrome's incognito does), on each of three brand
 * sites on loopback sites other than the portal's (its issuer is http://localhost:EMBED_PORT).
 * The browser's dialog is driven through the DevTools protocol's FedCm domain. The brand page uses
 * the host script's PassportEmbed.signIn, and its server redeems the code (fedcm-brands.ts).
 * Choosing the account and dismissing the dialog are two tests, each in a browser context of its
 * own: once the portal's frame on a brand's site has been refused storage access, that browser
 * context was seen to refuse it after a later FedCM sign-in too, in some runs (docs/fedcm.md).
 */
const PASSWORD = "Laser-2026";
const m = messages.en;
type Dialog = { dialogId: string; dialogType: string; accounts: { email: string }[] };

async function watchDialogs(page: Page): Promise<{ cdp: CDPSession; dialogs: Dialog[] }> {
  const cdp = await page.context().newCDPSession(page);
  const dialogs: Dialog[] = [];
  cdp.on("FedCm.dialogShown", (event: Dialog) => dialogs.push(event));
  await cdp.send("FedCm.enable", { disableRejectionDelay: true });
  return { cdp, dialogs };
}

async function nextDialog(dialogs: Dialog[], count: number): Promise<Dialog> {
  await expect.poll(() => dialogs.length).toBe(count);
  const dialog = dialogs[count - 1];
  if (!dialog) throw new Error("no dialog");
  return dialog;
}

/** One call of the portal frame's document.requestStorageAccess(), as that document saw it. */
type StorageAccessCall = { path: string; activation: boolean; granted: boolean; has: boolean };

/**
 * Records every storage-access request of the portal's frames: whether the document held a user
 * activation when it asked (without one, Chromium never prompts: it grants unasked or refuses),
 * whether it was granted, and document.hasStorageAccess() in that same document right after,
 * before the frame's own code goes on (the grant belongs to that document, which leaves at once).
 */
async function watchStorageAccess(page: Page): Promise<StorageAccessCall[]> {
  const calls: StorageAccessCall[] = [];
  await page.context().exposeBinding("reportStorageAccess", (_source, call: StorageAccessCall) => void calls.push(call));
  await page.context().addInitScript((portal: string) => {
    if (window.location.origin !== portal || window.top === window) return;
    const proto = Document.prototype as Document & { requestStorageAccess?: () => Promise<void> };
    const request = proto.requestStorageAccess;
    if (typeof request !== "function") return;
    const report = (window as unknown as { reportStorageAccess: (call: StorageAccessCall) => Promise<void> }).reportStorageAccess;
    proto.requestStorageAccess = async function (this: Document) {
      const call = { path: window.location.pathname, activation: navigator.userActivation.isActive };
      try {
        await request.call(this);
      } catch (error) {
        await report({ ...call, granted: false, has: await this.hasStorageAccess() });
        throw error;
      }
      await report({ ...call, granted: true, has: await this.hasStorageAccess() });
    };
  }, SIBLING_URL);
  return calls;
}

// each test's browser log, printed when it fails: two runs in about two hundred under load stopped
// at a click that seemed to do nothing (the sign-in button, the brand's button), with no trace
let browserLog: string[] = [];
test.beforeEach(({ context }) => {
  browserLog = recordBrowserLog(context);
});
test.afterEach(async ({}, testInfo) => {
  await attachBrowserLogOnFailure(browserLog, testInfo);
});

const fallbacks = (page: Page) => page.evaluate(() => (window as unknown as { fallbacks: string[] }).fallbacks.length);
const portalFrame = (page: Page) => page.frameLocator("#passport iframe").last();

const REFUSED: StorageAccessCall = { path: "/en/login", activation: false, granted: false, has: false };
const GRANTED: StorageAccessCall = { path: "/en/login", activation: false, granted: true, has: true };

/**
 * A user signed in at the portal itself, on the provider's origin (the browser is told so), then
 * on the brand's page a click on its sign-in button: the browser's dialog offers that user.
 */
async function offeredOnBrand(page: Page, request: APIRequestContext, brandUrl: string) {
  const email = uniqueEmail("fedcm");
  await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  await page.goto(`${SIBLING_URL}/en/login`);
  const loggedIn = page.waitForResponse((response) => response.url().startsWith(SIBLING_URL) && response.headers()["set-login"] === "logged-in");
  await signInWith(page, "en", email, PASSWORD);
  await loggedIn;
  await expect(page.getByRole("heading", { name: m.settings.title })).toBeVisible();

  const { cdp, dialogs } = await watchDialogs(page);
  const storageAccess = await watchStorageAccess(page);
  await page.goto(brandUrl);
  await page.getByRole("button", { name: "Sign in with Passport" }).click();
  const dialog = await nextDialog(dialogs, 1);
  expect(dialog.accounts.map((account) => account.email)).toEqual([email]);
  return { email, cdp, dialogs, dialog, storageAccess };
}

for (const brand of FEDCM_BRANDS) {
  test(`${brand.name} (${brand.url}): the browser offers the passport; chosen, the brand gets the user and the portal's frame then has storage access without a prompt; signed out, no dialog, and a click signs in in the browser's window, which closes itself`, async ({ page, request }) => {
    const { email, cdp, dialogs, dialog, storageAccess } = await offeredOnBrand(page, request, brand.url);
    await cdp.send("FedCm.selectAccount", { dialogId: dialog.dialogId, accountIndex: 0 });
    await expect(page.locator("#user")).toHaveText(`Signed in as ${email}`);

    // the brand's next page with the portal in a frame (third-party cookies still blocked): the
    // frame asks once the click has lapsed, the browser grants storage access without a prompt,
    // and the frame goes on to the user centre with the browser's sign-in of the portal
    await page.goto(brand.url);
    await page.getByRole("button", { name: "Open the passport" }).click();
    // (about 2 s here at load 9–17: the frame waits for the click's activation to lapse; the
    // longer wait only guards a busier machine, it measures nothing)
    await expect.poll(() => storageAccess, { timeout: 90_000 }).toEqual([GRANTED]);
    const framed = portalFrame(page);
    await expect(framed.getByRole("heading", { name: m.settings.title })).toBeVisible({ timeout: 90_000 });
    await expect(framed.getByText(email).first()).toBeVisible();

    // signed out at the portal: the browser is told, and the brand's page gets no dialog
    await page.goto(`${SIBLING_URL}/en/profile/settings`);
    const loggedOut = page.waitForResponse((response) => response.url().startsWith(SIBLING_URL) && response.headers()["set-login"] === "logged-out");
    await logOut(page, "en");
    await loggedOut;
    await page.goto(`${brand.url}/?passive`);
    await expect.poll(() => fallbacks(page)).toBe(1);
    await expect(portalFrame(page).getByRole("heading", { name: m.login.title })).toBeVisible();
    expect(dialogs).toHaveLength(1);

    // signed out, a click (active mode): the browser opens the passport's sign-in page in a
    // window of its own (the config's login_url), which closes itself once the user is signed in;
    // then the browser offers the account
    const opened = page.context().waitForEvent("page");
    await page.getByRole("button", { name: "Sign in with Passport" }).click();
    const popup = await opened;
    await expect.poll(() => new URL(popup.url()).pathname).toBe("/en/login");
    const closed = popup.waitForEvent("close");
    await signInWith(popup, "en", email, PASSWORD);
    await closed;
    const chooser = await nextDialog(dialogs, 2);
    expect(chooser.accounts.map((account) => account.email)).toEqual([email]);
    await cdp.send("FedCm.selectAccount", { dialogId: chooser.dialogId, accountIndex: 0 });
    await expect(page.locator("#user")).toHaveText(`Signed in as ${email}`);
  });

  test(`${brand.name} (${brand.url}): dismissed, the portal's frame, which asks for storage access without a prompt and is refused before a FedCM sign-in`, async ({ page, request }) => {
    const { cdp, dialog, storageAccess } = await offeredOnBrand(page, request, brand.url);
    await cdp.send("FedCm.dismissDialog", { dialogId: dialog.dialogId });
    await expect.poll(() => fallbacks(page)).toBe(1);
    await expect(portalFrame(page).getByRole("heading", { name: m.login.title })).toBeVisible();
    // asked once the click that made the frame has lapsed (never a prompt), and refused
    await expect.poll(() => storageAccess).toEqual([REFUSED]);
  });
}
