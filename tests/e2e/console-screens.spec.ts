import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { OPERATOR_FILES } from "../../playwright.config";
import { registerByApi, signIn } from "./support/api-account";
import { uniqueEmail } from "./support/mailbox";
import { DESKTOP, expectNoAxeViolations, openScreen } from "./support/screen-checks";
import { logInAsEnterprise, messages, solveHumanVerification, type Lang } from "./support/screens";
import { signInToConsole } from "./support/operators";

/**
 * The console's operations screens (docs/operators.md), one journey per language, while the
 * portal serves on its embedded database. An admin (made as `operator:create` makes it) signs in
 * with password and authenticator code; creates an enterprise, whose user then signs in with the
 * default password shown once and changes it; makes a batch of codes, downloads its CSV once (a
 * second download is refused) and a user redeems one; sends that user a message they read;
 * publishes an announcement the public page shows, then unpublishes it; sees the analytics
 * charts and table; and finds each action in the audit log, then exports it. axe on every
 * console screen on the way.
 */
test.describe.configure({ timeout: 600_000 });

type Operator = { email: string; password: string; totpUri: string };

async function consoleScreen(page: Page, url: string, lang: Lang, name: string): Promise<void> {
  await openScreen(page, url, lang);
  await expectNoAxeViolations(page, name);
}

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`an operator's day in the console (${lang}): enterprise, codes, message, announcement, charts, audit log`, async ({ page, browser, request }) => {
    const m = messages[lang];
    const ops = m.console;
    const operator = JSON.parse(readFileSync(OPERATOR_FILES[lang], "utf8")) as Operator;
    const suffix = `${lang}${Date.now().toString(36)}`;
    const home = `/${lang}/console`;
    await page.setViewportSize(DESKTOP);

    // sign-in: password and the authenticator's current code
    await signInToConsole(page, lang, { email: operator.email, password: operator.password, uri: operator.totpUri });

    // Enterprises: create one; its default password is shown once
    const ent = ops.enterprises;
    await consoleScreen(page, `${home}/enterprises`, lang, `enterprises (${lang})`);
    const enterprise = { account: `ops-${suffix}`, name: `Ops Lasers ${suffix}`, email: `boss-${suffix}@ops.test` };
    await page.getByLabel(ent.account, { exact: true }).fill(enterprise.account);
    await page.getByLabel(ent.name, { exact: true }).fill(enterprise.name);
    await page.getByLabel(ent.email, { exact: true }).fill(enterprise.email);
    await page.getByLabel(ops.common.reason, { exact: true }).fill(`new customer ${suffix}`);
    await page.getByRole("button", { name: ent.create }).click();
    const password = (await page.getByTestId("one-time-secret").textContent()) ?? "";
    expect(password).toMatch(/^[A-Za-z2-9]{16}$/);

    // ... the enterprise user signs in with it, then chooses their own
    const business = await browser.newContext();
    const businessPage = await business.newPage();
    const b = m.businessSettings;
    await businessPage.goto(`/${lang}/login-business`);
    await logInAsEnterprise(businessPage, lang, { ...enterprise, password }, businessPage.getByRole("heading", { name: b.title }));
    await expect(businessPage.getByText(b.defaultPassword)).toBeVisible();
    await businessPage.getByRole("button", { name: b.changePassword }).click();
    const dialog = businessPage.getByRole("dialog", { name: b.dialogTitle });
    await dialog.getByLabel(b.oldPassword, { exact: true }).fill(password);
    await dialog.getByLabel(b.newPassword, { exact: true }).fill("Ops-Lasers-2026");
    await dialog.getByLabel(b.confirmPassword, { exact: true }).fill("Ops-Lasers-2026");
    await dialog.getByRole("button", { name: b.save }).click();
    await expect(businessPage.getByText(b.changed)).toBeVisible();
    await expect(businessPage.getByText(b.defaultPassword)).toBeHidden();
    await business.close();

    // Codes: a batch, its CSV once (a second download is refused), a user redeems one
    const c = ops.codes;
    await consoleScreen(page, `${home}/codes`, lang, `codes (${lang})`);
    const until = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const benefit = { en: `Ops Pro ${suffix}`, zh: `专业版 ${suffix}` };
    await page.getByLabel(c.benefitEn, { exact: true }).fill(benefit.en);
    await page.getByLabel(c.benefitZh, { exact: true }).fill(benefit.zh);
    await page.getByLabel(c.count, { exact: true }).fill("2");
    await page.getByLabel(c.benefitDays, { exact: true }).fill("30");
    await page.getByLabel(c.validUntil, { exact: true }).fill(until);
    await page.getByLabel(ops.common.reason, { exact: true }).fill(`campaign ${suffix}`);
    await page.getByRole("button", { name: c.create }).click();
    const downloadButton = page.getByRole("button", { name: c.download });
    await expect(downloadButton).toBeVisible();
    const token = await page.locator('input[name="token"]').inputValue();
    const downloading = page.waitForEvent("download");
    await downloadButton.click();
    const csv = readFileSync((await (await downloading).path()) ?? "", "utf8");
    const codes = csv.trim().split(/\r?\n/).slice(1).map((line) => line.split(",")[0] ?? "");
    expect(codes).toHaveLength(2);
    await expect(downloadButton).toBeHidden();
    // the same one-time token again, as the form would send it: back to the screen, which says it is spent
    const again = await page.evaluate(async (value) => {
      const body = new URLSearchParams({ token: value, lang: document.documentElement.lang });
      const reply = await fetch("/api/console/codes/download", { method: "POST", body });
      return { url: reply.url, type: reply.headers.get("content-type") ?? "" };
    }, token);
    expect(again.type).not.toContain("text/csv");
    await page.goto(again.url);
    await expect(page.getByText(ops.errors.downloadSpent)).toBeVisible();

    const user = await registerByApi(request, uniqueEmail(`console-ops-${lang}`));
    const consumer = await browser.newContext();
    await signIn(consumer, user);
    const consumerPage = await consumer.newPage();
    await consumerPage.goto(`/${lang}/profile/exchange`);
    await consumerPage.getByLabel(m.exchange.code, { exact: true }).fill(codes[0] ?? "");
    await solveHumanVerification(consumerPage, lang);
    await consumerPage.getByRole("button", { name: m.exchange.redeem, exact: true }).click();
    await expect(consumerPage.getByRole("status").filter({ hasText: benefit[lang] })).toBeVisible();

    // Messages: to that user, who reads it in the message centre
    const msg = ops.messages;
    await consoleScreen(page, `${home}/messages`, lang, `messages (${lang})`);
    await expect(page.getByRole("heading", { level: 1, name: msg.title })).toBeVisible();
    await expect(page).toHaveTitle(`${m.console.shell.pageTitle.replace("{screen}", m.console.nav.messages)} | Passport`);
    const compose = page.getByRole("region", { name: msg.composeTitle, exact: true });
    const title = { en: `Welcome ${suffix}`, zh: `欢迎 ${suffix}` };
    await compose.getByLabel(msg.email, { exact: true }).fill(user.email);
    await compose.getByRole("group", { name: msg.english }).getByLabel(msg.name, { exact: true }).fill(title.en);
    await compose.getByRole("group", { name: msg.english }).getByLabel(msg.content, { exact: true }).fill("Your laser is ready.");
    await compose.getByRole("group", { name: msg.chinese }).getByLabel(msg.name, { exact: true }).fill(title.zh);
    await compose.getByRole("group", { name: msg.chinese }).getByLabel(msg.content, { exact: true }).fill("您的激光器已就绪。");
    await expect(compose.getByRole("region", { name: msg.preview })).toContainText(title.zh);
    await compose.getByLabel(ops.common.reason, { exact: true }).fill(`onboarding ${suffix}`);
    await compose.getByRole("button", { name: msg.send }).click();
    await expect(compose.getByText(lang === "en" ? "Sent to 1 user." : "已发送给 1 位用户。")).toBeVisible();
    await consumerPage.goto(`/${lang}/message`);
    await consumerPage.getByRole("tab", { name: new RegExp(`^${m.messageCentre.tabs.system}`) }).click();
    await consumerPage.getByRole("button", { name: new RegExp(title[lang]) }).click();
    await expect(consumerPage.getByText(lang === "en" ? "Your laser is ready." : "您的激光器已就绪。")).toBeVisible();
    await consumer.close();

    // Announcements: publish one, the public page shows it; unpublish it, the page drops it
    const announce = page.getByRole("region", { name: msg.announcementTitle, exact: true });
    const headline = { en: `Firmware ${suffix}`, zh: `固件 ${suffix}` };
    await announce.getByRole("group", { name: msg.english }).getByLabel(msg.name, { exact: true }).fill(headline.en);
    await announce.getByRole("group", { name: msg.english }).getByLabel(msg.body, { exact: true }).fill("Version 2 is out.");
    await announce.getByRole("group", { name: msg.chinese }).getByLabel(msg.name, { exact: true }).fill(headline.zh);
    await announce.getByRole("group", { name: msg.chinese }).getByLabel(msg.body, { exact: true }).fill("第 2 版已发布。");
    await announce.getByLabel(ops.common.reason, { exact: true }).fill(`release ${suffix}`);
    await announce.getByRole("button", { name: msg.publish }).click();
    await expect(announce.getByText(msg.published)).toBeVisible();
    const visitor = await browser.newPage();
    await visitor.goto(`/announcement?lang=${lang}`);
    // The page is static and regenerated on each change; a regeneration another journey started
    // just before a change may still store the old list for one more 30 s period (revalidate = 30).
    await expect(async () => {
      await visitor.reload();
      await expect(visitor.getByRole("heading", { name: headline[lang] })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 75_000, intervals: [1_000, 2_000, 5_000] });
    const row = page.getByRole("region", { name: msg.announcements, exact: true }).getByRole("listitem").filter({ hasText: headline[lang] });
    await row.getByRole("button", { name: msg.unpublish }).click();
    const confirm = page.getByRole("dialog", { name: msg.unpublishTitle });
    await confirm.getByLabel(ops.common.reason, { exact: true }).fill(`superseded ${suffix}`);
    await confirm.getByRole("button", { name: msg.unpublish }).click();
    await expect(page.getByText(msg.unpublished)).toBeVisible();
    await expect(row).toContainText(msg.states.withdrawn);
    await expect(async () => {
      await visitor.reload();
      await expect(visitor.getByRole("heading", { name: headline[lang] })).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 75_000, intervals: [1_000, 2_000, 5_000] });
    await visitor.close();

    // Analytics: the charts (drawn by uPlot on a canvas) and the numbers as a table
    await consoleScreen(page, `${home}/analytics`, lang, `analytics (${lang})`);
    await expect(page.getByTestId("chart-signIns").locator("canvas")).toBeVisible();
    await expect(page.getByRole("region", { name: ops.analytics.tableTitle })).toBeVisible();

    // The audit log: each action, filtered to this operator, with its reason; then the CSV
    const a = m.console.audit;
    await consoleScreen(page, `${home}/audit`, lang, `audit (${lang})`);
    await page.getByLabel(a.filters.operator, { exact: true }).fill(operator.email);
    await page.getByRole("button", { name: a.filter }).click();
    await expect(page).toHaveURL(/operator=/);
    const table = page.getByRole("table");
    for (const [action, reason] of [
      ["enterprise.create", `new customer ${suffix}`],
      ["codes.create-batch", `campaign ${suffix}`],
      ["codes.download", null],
      ["message.send", `onboarding ${suffix}`],
      ["announcement.publish", `release ${suffix}`],
      ["announcement.unpublish", `superseded ${suffix}`],
    ] as const) {
      const entry = reason ? table.getByRole("row").filter({ hasText: action }).filter({ hasText: reason }) : table.getByRole("row").filter({ hasText: action });
      await expect(entry.first(), `${action} in the audit log`).toBeVisible();
    }
    const exported = page.waitForEvent("download");
    await page.getByRole("link", { name: a.export }).click();
    const auditCsv = readFileSync((await (await exported).path()) ?? "", "utf8");
    for (const action of ["enterprise.create", "codes.create-batch", "message.send", "announcement.unpublish"]) expect(auditCsv).toContain(action);
    expect(auditCsv).toContain(operator.email);
  });
}
