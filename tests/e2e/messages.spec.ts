import { expect, test, type Page } from "@playwright/test";
import { MESSAGES_URL } from "../../playwright.config";
import { uniqueEmail } from "./support/mailbox";
import { apiAccount, publish, signInWith, texts } from "./support/message-setup";
import { messages, type Lang } from "./support/screens";

/** The message centre (SPEC §2–§4) on the portal whose database operators can publish to while it serves. */
test.use({ baseURL: MESSAGES_URL });
// Each operator command is a process of its own (a few seconds on a busy machine).
test.describe.configure({ timeout: 180_000 });

type Counts = { device: number; system: number; app: number; activity: number };

async function expectCounts(page: Page, counts: Counts, menuTotal: number) {
  for (const [category, count] of Object.entries(counts)) {
    const badge = page.getByTestId(`unread-${category}`);
    if (count === 0) await expect(badge).toHaveCount(0);
    else await expect(badge).toHaveText(String(count));
  }
  const menu = page.getByTestId("menu-unread");
  if (menuTotal === 0) await expect(menu).toHaveCount(0);
  else await expect(menu).toHaveText(String(menuTotal));
}

function tab(page: Page, lang: Lang, category: keyof Counts) {
  return page.getByRole("tab", { name: new RegExp(`^${messages[lang].messageCentre.tabs[category]}`) });
}

function list(page: Page, lang: Lang, category: keyof Counts) {
  return page.getByRole("list", { name: messages[lang].messageCentre.tabs[category] });
}

test("messages land under their tabs with unread counts; reading one and a whole tab update the tabs and the side-menu badge without a reload; blocking app messages stops new ones; system ones cannot be blocked; another user sees none of them", async ({ page, context, request, browser }) => {
  const lang = "en";
  const m = messages[lang].messageCentre;
  // An app of their own, so what is sent to every user of it reaches these two only.
  const appCode = "focusaur";
  const alice = uniqueEmail("inbox");
  const bob = uniqueEmail("neighbour");
  const [aliceSession, bobSession] = await Promise.all([apiAccount(request, alice, { app: appCode }), apiAccount(request, bob, { app: appCode })]);
  const device = texts("Device");
  const olderSystem = texts("System");
  const newerSystem = texts("System");
  const app = texts("App");
  const [olderId] = await Promise.all([publish(alice, "system", olderSystem, appCode), publish(alice, "device", device, appCode), publish(alice, "app", app, appCode)]);
  await publish(alice, "system", newerSystem, appCode);

  await page.clock.install();
  await signInWith(context, aliceSession.utoken);
  await page.goto(`/${lang}/message?p=${appCode}`);
  await expect(page.getByRole("heading", { level: 1, name: m.title })).toBeVisible();
  await expectCounts(page, { device: 1, system: 2, app: 1, activity: 0 }, 4);
  await expect(list(page, lang, "device").getByRole("button")).toContainText([device.en.name]);

  // The system tab: newest first, in English; opening one shows it and reads it.
  await tab(page, lang, "system").click();
  const systemRows = list(page, lang, "system").getByRole("button");
  await expect(systemRows).toContainText([newerSystem.en.name, olderSystem.en.name]);
  await expect(systemRows.first()).toContainText(/\d{4}-\d{2}-\d{2}/);
  await systemRows.filter({ hasText: olderSystem.en.name }).click();
  await expect(page.getByText(olderSystem.en.content)).toBeVisible();
  await expectCounts(page, { device: 1, system: 1, app: 1, activity: 0 }, 3);

  // 'Mark all as read' for the tab.
  await page.getByRole("button", { name: m.markAllRead }).click();
  await expect(page.getByRole("status").filter({ hasText: m.markedAllRead })).toBeVisible();
  await expectCounts(page, { device: 1, system: 0, app: 1, activity: 0 }, 2);
  await expect(page.getByRole("button", { name: m.markAllRead })).toBeDisabled();

  // Settings: app messages off; system messages cannot be turned off.
  const settings = page.getByRole("region", { name: m.settings.title });
  await expect(settings.getByRole("switch", { name: m.settings.labels.system })).toBeDisabled();
  await expect(settings.getByRole("switch", { name: m.settings.labels.system })).toBeChecked();
  await settings.getByRole("switch", { name: m.settings.labels.app }).click();
  await expect(settings.getByRole("status").filter({ hasText: m.settings.saved })).toBeVisible();
  await expect(settings.getByRole("switch", { name: m.settings.labels.app })).not.toBeChecked();

  // New app messages no longer reach Alice; system ones still do; the counts refresh on their own.
  await expect(publish(alice, "app", texts("Blocked"), appCode)).rejects.toThrow(/turned off app messages/);
  const appForAll = texts("AppForAll");
  const systemForAll = texts("Everyone");
  await Promise.all([publish("app-users", "app", appForAll, appCode), publish("app-users", "system", systemForAll, appCode)]);
  await page.clock.runFor(30_000);
  await expectCounts(page, { device: 1, system: 1, app: 1, activity: 0 }, 3);
  await expect(systemRows.first()).toContainText(systemForAll.en.name);
  await tab(page, lang, "app").click();
  await expect(list(page, lang, "app").getByRole("button")).toContainText([app.en.name]);
  await expect(list(page, lang, "app").getByRole("button")).toHaveCount(1);

  // Bob sees only what was sent to everyone, never Alice's own messages, and cannot read hers.
  const other = await browser.newContext({ baseURL: MESSAGES_URL });
  await signInWith(other, bobSession.utoken);
  const bobPage = await other.newPage();
  await bobPage.goto(`/${lang}/message?p=${appCode}`);
  await expect(list(bobPage, lang, "device")).toHaveCount(0);
  await expect(bobPage.getByText(m.empty)).toBeVisible();
  await tab(bobPage, lang, "system").click();
  await expect(list(bobPage, lang, "system").getByRole("button")).toContainText([systemForAll.en.name]);
  await expect(list(bobPage, lang, "system").getByRole("button")).toHaveCount(1);
  await tab(bobPage, lang, "app").click();
  await expect(list(bobPage, lang, "app").getByRole("button")).toContainText([appForAll.en.name]);
  for (const text of [device.en.name, olderSystem.en.name, newerSystem.en.name, app.en.name]) await expect(bobPage.getByText(text)).toHaveCount(0);
  const foreign = await bobPage.request.post("/message/v1/web/read", { headers: { utoken: bobSession.utoken }, data: { id: olderId } });
  expect(foreign.status()).toBe(404);
  expect(((await foreign.json()) as { code: number }).code).toBe(20602);
  await other.close();
});

test("中文：界面为中文，内容按 l 显示；昨天的消息标为“昨天”；宿主的颜色、空列表图片和排序生效", async ({ page, context, request }) => {
  const lang = "zh";
  const m = messages[lang].messageCentre;
  const email = uniqueEmail("zh-inbox");
  const session = await apiAccount(request, email);
  const first = texts("Activity");
  const second = texts("Activity");
  await publish(email, "activity", first);
  await publish(email, "activity", second);

  // The browser's clock is a day ahead: today's messages are yesterday's for it.
  await page.clock.install({ time: new Date(Date.now() + 86_400_000) });
  await signInWith(context, session.utoken);
  await page.goto(`/${lang}/message?l=en&color=ff6600&emptyDataImg=%2Fimages%2Flogin-background.svg&sort=asc`);
  await expect(page.getByRole("heading", { level: 1, name: m.title })).toBeVisible();
  await expectCounts(page, { device: 0, system: 0, app: 0, activity: 2 }, 2);
  await expect(page.getByTestId("unread-activity").locator("..")).toHaveCSS("background-color", "rgb(255, 102, 0)");

  // The empty device tab shows the host's picture.
  await expect(page.getByText(m.empty)).toBeVisible();
  await expect(page.getByTestId("empty-image")).toHaveAttribute("src", "/images/login-background.svg");

  // Activities: oldest first (sort=asc), names in English (l=en), labelled 昨天.
  await tab(page, lang, "activity").click();
  const rows = list(page, lang, "activity").getByRole("button");
  await expect(rows).toContainText([first.en.name, second.en.name]);
  await expect(rows.first().locator("time")).toHaveText(m.yesterday);
  await expect(page.getByText(messages[lang].security.pagination.itemsPerPage)).toBeVisible();
  await rows.first().click();
  await expect(page.getByText(first.en.content)).toBeVisible();
  await expectCounts(page, { device: 0, system: 0, app: 0, activity: 1 }, 1);

  // Without l, the content follows the page's language.
  await page.goto(`/${lang}/message`);
  await tab(page, lang, "activity").click();
  await expect(list(page, lang, "activity").getByRole("button")).toContainText([second.zh.name, first.zh.name]);
});
