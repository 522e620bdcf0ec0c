import { expect, test, type Page } from "@playwright/test";
import { EMBED_PORTAL_URL, FOREIGN_SITE_URL, HOST_SITE_URL } from "../../playwright.config";
import { createAccount } from "./support/accounts";
import { emailOfToken, expectLoginThenToken, lastOf, portalSessionCookies, received, receivedTypes, signInWith } from "./support/embed-screens";
import { uniqueEmail } from "./support/mailbox";
import { messages, type Lang } from "./support/screens";

/**
 * A host application on another site embeds the portal with its host script (SPEC §2, §4, §9;
 * docs/embedding.md): the host page on localhost, the portal on 127.0.0.1, two sites. Playwright's
 * browser contexts block third-party cookies (as Chrome's incognito does), so the framed session
 * must live in a partitioned cookie.
 */
const PASSWORD = "Laser-2026";
const portalFrame = (page: Page) => page.frameLocator("#passport iframe");

async function reportedHeight(page: Page): Promise<number> {
  return Number((await lastOf(page, "height"))?.value ?? 0);
}

async function frameHeight(page: Page): Promise<number> {
  return Math.round((await page.locator("#passport iframe").boundingBox())?.height ?? 0);
}

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`in a host's frame on another site a user signs in and out; the host follows the height and hears login, then the token, and logout (${lang})`, async ({ page, request }) => {
    const m = messages[lang];
    const email = uniqueEmail(`embed-${lang}`);
    await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
    await page.goto(`${HOST_SITE_URL}/frame.html?path=/${lang}/login`);
    const frame = portalFrame(page);
    await expect(frame.getByRole("heading", { name: m.login.title })).toBeVisible();
    await expect.poll(() => receivedTypes(page)).toContain("ready");
    expect((await lastOf(page, "ready"))?.value).toMatchObject({ lang, path: `/${lang}/login` });

    // The frame is as tall as the portal's content, and grows with it.
    await expect.poll(() => reportedHeight(page)).toBeGreaterThanOrEqual(520);
    await expect.poll(() => frameHeight(page)).toBe(await reportedHeight(page));
    const before = await reportedHeight(page);
    await frame.getByRole("button", { name: m.login.submit, exact: true }).click();
    await expect(frame.getByText(m.validation.emailRequired)).toBeVisible();
    await expect.poll(() => reportedHeight(page)).toBeGreaterThan(before);
    await expect.poll(() => frameHeight(page)).toBe(await reportedHeight(page));

    await signInWith(frame, lang, email, PASSWORD);
    const token = await expectLoginThenToken(page);
    expect(await emailOfToken(request, token)).toBe(email);
    await expect(frame.getByRole("heading", { name: m.settings.title })).toBeVisible();
    await expect(frame.getByText(email).first()).toBeVisible();
    await expect.poll(async () => (await lastOf(page, "ready"))?.value).toMatchObject({ lang, path: `/${lang}/profile/settings` });
    // every height the host was told, and every height the frame had, is at least 520
    const heights = (await received(page)).filter((event) => event.type === "height").map((event) => Number(event.value));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(520);

    // Third-party cookies are blocked: the session lives in the host site's partition (CHIPS).
    const cookies = await portalSessionCookies(page.context());
    expect(cookies).toEqual([expect.objectContaining({ value: token, partitionKey: "http://localhost" })]);

    await frame.getByRole("button", { name: m.menu.logout }).click();
    await expect.poll(() => receivedTypes(page)).toContain("logout");
    await expect(frame.getByRole("heading", { name: m.login.title })).toBeVisible();
    expect(await emailOfToken(request, token)).toBeNull();
  });
}

test("the host's reload reloads the portal; a message from another origin or a malformed one is ignored", async ({ page }) => {
  await page.goto(`${HOST_SITE_URL}/frame.html?path=/en/login`);
  await expect(portalFrame(page).getByRole("heading", { name: messages.en.login.title })).toBeVisible();
  await expect.poll(() => receivedTypes(page)).toContain("ready");
  const frame = page.frames().find((f) => f.url().startsWith(`${EMBED_PORTAL_URL}/en/login`));
  if (!frame) throw new Error("no portal frame");
  // The test listens in the portal's frame too, after the portal's own listener (added when the
  // page started): once it has heard the six messages below, the portal has handled them. A
  // reload would have begun a navigation, which the Navigation API announces as it starts.
  await frame.evaluate((senders) => {
    const starts: string[] = [];
    navigation.addEventListener("navigate", (event) => {
      starts.push(event.navigationType);
      // kept by the frame across a reload (its window's name outlives the document)
      window.name = `navigations:${starts.join(",")}`;
    });
    const heard = new Promise<void>((resolve) => {
      let count = 0;
      window.addEventListener("message", (event) => senders.includes(event.origin) && ++count === 6 && resolve());
    });
    Object.assign(window, { marker: "before", starts, heard });
  }, [new URL(HOST_SITE_URL).origin, new URL(FOREIGN_SITE_URL).origin]);

  // a foreign frame on the host page posts a well-formed reload at the portal's exact origin,
  // once its page (a script that listens) is there to be told
  await expect(page.frameLocator("#foreign").locator("script")).toHaveCount(1);
  await page.evaluate((foreign) => (document.getElementById("foreign") as HTMLIFrameElement).contentWindow?.postMessage("fire", foreign), new URL(FOREIGN_SITE_URL).origin);
  // the host itself posts malformed ones
  await page.evaluate((origin) => {
    const target = (document.querySelector("#passport iframe") as HTMLIFrameElement).contentWindow;
    for (const data of ["reload", { type: "reload" }, { protocol: "passport", version: 2, type: "reload" }, { protocol: "passport", version: 1, type: "Reload" }, null]) {
      target?.postMessage(data, origin);
    }
  }, EMBED_PORTAL_URL);
  expect(await frame.evaluate(async () => {
    const heard = window as unknown as { marker?: string; starts: string[]; heard: Promise<void> };
    await heard.heard;
    return { marker: heard.marker, navigations: heard.starts };
  })).toEqual({ marker: "before", navigations: [] });
  expect((await receivedTypes(page)).filter((type) => type === "ready")).toHaveLength(1);

  // the host's own reload does reload it, and the test's listener saw that navigation begin
  await page.evaluate(() => (window as unknown as { portal: { reload(): void } }).portal.reload());
  await expect.poll(async () => (await receivedTypes(page)).filter((type) => type === "ready").length).toBe(2);
  expect(await frame.evaluate(() => ({ marker: (window as unknown as { marker?: string }).marker, navigations: window.name }))).toEqual({ marker: undefined, navigations: "navigations:reload" });
});

test("a site that is not on the allowlist cannot frame the portal at all", async ({ page, request }) => {
  const policy = (await request.get(`${EMBED_PORTAL_URL}/en/login`)).headers()["content-security-policy"] ?? "";
  expect(policy).toContain(`frame-ancestors 'self' ${HOST_SITE_URL}`);
  expect(policy).not.toContain(FOREIGN_SITE_URL);

  await page.goto(`${FOREIGN_SITE_URL}/frame.html?path=/en/login`);
  // the browser put its error page in the frame in place of the portal's: no portal page ran
  // there, so nothing can arrive later than this
  await expect.poll(() => page.frames().some((f) => f.url().startsWith("chrome-error://"))).toBe(true);
  expect(await receivedTypes(page)).toEqual([]);
  await expect(portalFrame(page).getByRole("heading", { name: messages.en.login.title })).toHaveCount(0);
});

test("a user signed in to the portal in this browser uses that sign-in in the frame through the Storage Access API", async ({ page, request, browser }) => {
  const m = messages.en;
  const email = uniqueEmail("storage-access");
  await createAccount(request, email, PASSWORD, EMBED_PORTAL_URL);
  // signed in at the portal itself: a first-party cookie, which the host's frame cannot see
  await page.goto(`${EMBED_PORTAL_URL}/en/login`);
  await signInWith(page, "en", email, PASSWORD);
  await expect(page.getByRole("heading", { name: m.settings.title })).toBeVisible();

  await page.goto(`${HOST_SITE_URL}/frame.html?path=/en/login`);
  const frame = portalFrame(page);
  await expect(frame.getByRole("heading", { name: m.login.title })).toBeVisible();
  const use = frame.getByRole("button", { name: m.embed.useBrowserSession });
  await expect(use).toBeVisible();

  // the user accepts the browser's prompt (granted here through the DevTools protocol)
  const session = await browser.newBrowserCDPSession();
  const target = (await (await page.context().newCDPSession(page)).send("Target.getTargetInfo")).targetInfo;
  await session.send("Browser.setPermission", {
    permission: { name: "storage-access" },
    setting: "granted",
    origin: HOST_SITE_URL,
    embeddedOrigin: EMBED_PORTAL_URL,
    browserContextId: target.browserContextId,
  });
  await use.click();

  const token = await expectLoginThenToken(page);
  expect(await emailOfToken(request, token)).toBe(email);
  await expect(frame.getByRole("heading", { name: m.settings.title })).toBeVisible();
  const cookies = await portalSessionCookies(page.context());
  expect(cookies.some((cookie) => cookie.partitionKey === "http://localhost")).toBe(true);
});

test("a brand's host shows its own logo and register title in the frame (atomm on pc, and on mobile)", async ({ page }) => {
  await page.goto(`${HOST_SITE_URL}/frame.html?path=${encodeURIComponent("/zh/register?p=atomm&s=pc")}`);
  const frame = portalFrame(page);
  await expect(frame.getByRole("heading", { name: messages.zh.register.title.replace("{brand}", "Atomm") })).toBeVisible();
  await expect(frame.getByRole("img", { name: "Atomm" })).toHaveAttribute("src", "/brands/atomm-pc.svg");
  await page.goto(`${HOST_SITE_URL}/frame.html?path=${encodeURIComponent("/en/register?p=support&s=mobile")}`);
  await expect(portalFrame(page).getByRole("heading", { name: messages.en.register.title.replace("{brand}", "Passport") })).toBeVisible();
  await page.goto(`${HOST_SITE_URL}/frame.html?path=${encodeURIComponent("/en/login?p=atomm&s=mobile")}`);
  await expect(portalFrame(page).getByRole("img", { name: "Atomm" })).toHaveAttribute("src", "/brands/atomm.svg");
});
