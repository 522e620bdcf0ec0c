import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { registerByApi } from "./support/api-account";
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, openScreen, PHONE } from "./support/screen-checks";
import { messages, type Lang } from "./support/screens";
import { operatorCreate, signInToConsole } from "./support/operators";

/**
 * Bulk work in the console (docs/operators.md "Bulk jobs"), in both languages: an admin searches
 * three fresh accounts, ticks them, previews a bulk message and then a bulk end-sessions, confirms
 * each with a reason, and watches the job panel reach Done; the accounts got the message (their
 * console page lists it), their sessions ended (their token is refused), and the audit log holds
 * the job's row with its reason. Export takes the same selection: the whole search as CSV, then
 * one ticked account as JSON, each file holding those accounts and no other. axe and 320 px on the
 * screen with a selection and its preview.
 */
test.describe.configure({ timeout: 300_000 });

async function sessionCode(request: APIRequestContext, utoken: string): Promise<number> {
  const response = await request.get(`${BASE_URL}/v1/user/basic`, { headers: { utoken } });
  return ((await response.json()) as { code: number }).code;
}

/** Ticks the accounts, chooses the action, previews it and confirms it with the reason; returns once the panel shows it done. */
async function runBulk(page: Page, lang: Lang, emails: string[], kind: "message" | "end-sessions", reason: string, fill?: () => Promise<void>): Promise<void> {
  const b = messages[lang].console.bulk;
  for (const email of emails) await page.getByRole("checkbox", { name: b.selectOne.replace("{email}", email) }).check();
  await page.getByRole("button", { name: b.kinds[kind], exact: true }).click();
  await fill?.();
  await page.getByRole("button", { name: b.preview }).click();
  const preview = page.getByRole("list", { name: new RegExp(lang === "en" ? "^3 accounts" : "3 个账号") });
  await expect(preview.getByRole("listitem")).toHaveText([...emails].sort());
  await page.getByRole("button", { name: b.start }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(lang === "en" ? `${b.kinds[kind]} for 3 accounts?` : `对 3 个账号执行“${b.kinds[kind]}”？`);
  await expectNoAxeViolations(page, `bulk confirmation (${lang})`);
  await dialog.getByLabel(messages[lang].console.user.actions.reason).fill(reason);
  await dialog.getByRole("button", { name: b.confirm }).click();
  await expect(dialog).toBeHidden();
  // the panel polls while the job runs: this job (named by its reason) reaches Done, 3 of 3
  const job = page.getByRole("listitem").filter({ hasText: reason });
  await expect(job.getByText(b.statuses.done, { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(job).toContainText(lang === "en" ? "3 of 3 handled: 3 done, 0 failed" : "已处理 3 / 3：成功 3，失败 0");
}

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`an admin sends a bulk message and ends sessions in bulk, with preview, confirmation, progress and audit (${lang})`, async ({ page, request }) => {
    const m = messages[lang];
    const marker = `bulk${lang}${Date.now().toString(36)}`;
    const accounts = await Promise.all([1, 2, 3].map((n) => registerByApi(request, `${marker}-${n}@example.test`)));
    const emails = accounts.map((account) => account.email);
    for (const account of accounts) expect(await sessionCode(request, account.utoken)).toBe(0);

    const email = `${marker}-admin@console.test`;
    const operator = await operatorCreate(email, "bulk screen test");
    const home = `/${lang}/console`;
    await page.setViewportSize(DESKTOP);
    await signInToConsole(page, lang, { email, password: operator.password, uri: operator.uri });

    const search = `${home}/users?by=email&q=${marker}-`;
    await openScreen(page, search, lang);
    await expectNoAxeViolations(page, `users with bulk (${lang})`);

    // export: the whole search result (nothing ticked), then one ticked account; each file holds those and no other
    const b = m.console.bulk;
    const downloaded = async (group: string, format: "CSV" | "JSON") => {
      const link = page.getByRole("group", { name: group }).getByRole("link", { name: b.exportAs.replace("{format}", format) });
      await link.focus();
      const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
      return readFile(await download.path(), "utf8");
    };
    const csv = await downloaded(lang === "en" ? "Export all 3 results of this search" : "导出此搜索的全部 3 个结果", "CSV");
    const csvEmails = csv.trim().split("\r\n").slice(1).map((row) => row.split(",")[1]);
    expect(csvEmails.sort()).toEqual([...emails].sort());
    await page.getByRole("checkbox", { name: b.selectOne.replace("{email}", emails[1] ?? "") }).check();
    const json = await downloaded(lang === "en" ? "Export the 1 selected account" : "导出已选择的 1 个账号", "JSON");
    expect((JSON.parse(json) as Array<{ email: string }>).map((user) => user.email)).toEqual([emails[1]]);
    await page.getByRole("checkbox", { name: b.selectOne.replace("{email}", emails[1] ?? "") }).uncheck();

    // a message to the three, with the composer's fields
    const title = `Bulk ${marker}`;
    await runBulk(page, lang, emails, "message", `maintenance notice ${marker}`, async () => {
      await page.getByLabel(m.console.messages.name).first().fill(title);
      await page.getByLabel(m.console.messages.content).first().fill("We upgrade the service tonight.");
      await page.getByLabel(m.console.messages.name).last().fill(`批量 ${marker}`);
      await page.getByLabel(m.console.messages.content).last().fill("我们今晚升级服务。");
    });

    // at 320 px with a selection and its preview: nothing scrolls sideways, axe finds nothing
    await openScreen(page, search, lang);
    await page.setViewportSize(PHONE);
    await page.getByRole("checkbox", { name: m.console.bulk.selectAllOnPage }).check();
    await page.getByRole("button", { name: m.console.bulk.kinds.ban, exact: true }).click();
    await page.getByRole("button", { name: m.console.bulk.preview }).click();
    await expect(page.getByRole("button", { name: m.console.bulk.start })).toBeVisible();
    await expectNoSidewaysScroll(page, `users with a bulk preview at 320 px (${lang})`);
    await expectNoAxeViolations(page, `users with a bulk preview at 320 px (${lang})`);
    await page.setViewportSize(DESKTOP);

    // then their sessions end
    await openScreen(page, search, lang);
    await runBulk(page, lang, emails, "end-sessions", `session sweep ${marker}`);
    for (const account of accounts) expect(await sessionCode(request, account.utoken)).toBe(20101);

    // each account's page lists the message
    await page.getByRole("link", { name: emails[0] }).click();
    await expect(page.getByText(new RegExp(`(Bulk|批量) ${marker}`)).first()).toBeVisible();

    // the audit log: one row per job, with its reason
    await openScreen(page, `${home}/audit?action=users.bulk`, lang);
    await expect(page.getByText(`session sweep ${marker}`)).toBeVisible();
    await expect(page.getByText(`maintenance notice ${marker}`)).toBeVisible();
  });
}
