import { expect, test, type Page } from "@playwright/test";
import { MESSAGES_URL } from "../../playwright.config";
import { uniqueEmail } from "./support/mailbox";
import { admin, apiAccount, signInWith } from "./support/message-setup";
import { messages } from "./support/screens";

/** The public pages without a language segment (SPEC §2): /announcement and /learnMore, in both languages. */
test.use({ baseURL: MESSAGES_URL });
// publishing and withdrawing each wait for the page's next regeneration (up to 30 s)
test.describe.configure({ timeout: 180_000 });

/** The page is regenerated at most every 30 s after a publication: reload until it shows. */
async function reloadUntil(page: Page, text: string): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(text, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 75_000, intervals: [2_000] });
}

test("/announcement shows what operators published in the visitor's language; it is static and cacheable", async ({ browser }) => {
  const tag = Date.now().toString(36);
  const title = { en: `Planned maintenance ${tag}`, zh: `计划维护 ${tag}` };
  const body = { en: `Sign-in pauses on Sunday ${tag}.`, zh: `周日暂停登录 ${tag}。` };
  await admin("announcement:publish", "--title-en", title.en, "--title-zh", title.zh, "--body-en", body.en, "--body-zh", body.zh);

  const english = await browser.newContext({ baseURL: MESSAGES_URL, locale: "en-US" });
  const en = await english.newPage();
  await en.goto("/announcement");
  await reloadUntil(en, title.en);
  await expect(en.getByRole("heading", { level: 1, name: messages.en.announcement.title })).toBeVisible();
  await expect(en.getByText(body.en)).toBeVisible();
  await expect(en.getByText(title.zh, { exact: true })).toBeHidden();
  await expect(en.locator("html")).toHaveAttribute("lang", "en");

  const chinese = await browser.newContext({ baseURL: MESSAGES_URL, locale: "zh-CN" });
  const zh = await chinese.newPage();
  const response = await zh.goto("/announcement");
  await expect(zh.getByRole("heading", { level: 1, name: messages.zh.announcement.title })).toBeVisible();
  await expect(zh.getByText(title.zh, { exact: true })).toBeVisible();
  await expect(zh.getByText(body.zh)).toBeVisible();
  await expect(zh.getByText(title.en, { exact: true })).toBeHidden();
  await expect(zh.locator("html")).toHaveAttribute("lang", "zh");
  // The same HTML for everyone: no cookie, cacheable by a CDN.
  expect(response?.headers()["set-cookie"]).toBeUndefined();
  expect(response?.headers()["cache-control"]).toMatch(/s-maxage=30/);

  // The visitor may switch; the choice is kept in the address.
  await zh.getByRole("button", { name: messages.en.common.languageNames.en }).click();
  await expect(zh.getByText(title.en, { exact: true })).toBeVisible();
  await expect(zh).toHaveURL(/\/announcement\?lang=en$/);

  // Withdrawn: gone after the next regeneration.
  const id = (await admin("announcement:list")).split("\n").find((line) => line.includes(title.en))?.split(/\s+/)[0] ?? "";
  await admin("announcement:withdraw", id);
  await expect(async () => {
    await en.reload();
    await expect(en.getByText(title.en, { exact: true })).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 75_000, intervals: [2_000] });
  await english.close();
  await chinese.close();
});

test("/learnMore is the about page with the product version, in both languages, opened as a new page from the side menu", async ({ page, context, request }) => {
  for (const lang of ["en", "zh"] as const) {
    await page.goto(`/learnMore?lang=${lang}`);
    await expect(page.getByRole("heading", { level: 1, name: messages[lang].learnMore.title })).toBeVisible();
    await expect(page.getByText(messages[lang].learnMore.version.replace("{version}", "1.11.19"))).toBeVisible();
    await expect(page.getByText(messages[lang].learnMore.what.messages)).toBeVisible();
  }

  const email = uniqueEmail("about");
  await signInWith(context, (await apiAccount(request, email)).utoken);
  await page.goto("/zh/profile/settings");
  const about = page.getByRole("navigation", { name: messages.zh.menu.label }).getByRole("link", { name: new RegExp(messages.zh.menu.about) });
  const [opened] = await Promise.all([context.waitForEvent("page"), about.click()]);
  await expect(opened).toHaveURL(/\/learnMore\?lang=zh$/);
  await expect(opened.getByRole("heading", { level: 1, name: messages.zh.learnMore.title })).toBeVisible();
  await expect(page).toHaveURL(/\/zh\/profile\/settings/);
});
