import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { CODE_FILES } from "../../playwright.config";
import { RECORD_ANALYTICS, redeemByApi, registerByApi, signIn } from "./support/api-account";
import { uniqueEmail } from "./support/mailbox";
import { expectNoAxeViolations, expectNoSidewaysScroll, lineCount, PHONE } from "./support/screen-checks";
import { messages, type Lang } from "./support/screens";

/** Codes made by the operator command before the portal started (playwright.config.ts): one of each kind per language. */
function codes(kind: keyof typeof CODE_FILES): string[] {
  return readFileSync(CODE_FILES[kind], "utf8").trim().split("\n").slice(1).map((row) => row.split(",")[0] ?? "");
}

const LANGS = ["en", "zh"] as const satisfies readonly Lang[];

/**
 * "I'm not a robot", as a user does: every redemption spends its verification, so this test
 * solves five proofs of work; on a busy machine one can take longer than the usual 30 s.
 */
async function verifyAsHuman(page: Page, lang: Lang): Promise<void> {
  const m = messages[lang].verification.widget;
  const widget = page.locator("altcha-widget");
  await widget.getByText(m.label, { exact: true }).click();
  await expect(widget.getByText(m.verified, { exact: true })).toBeVisible({ timeout: 90_000 });
}

for (const [index, lang] of LANGS.entries()) {
  test(`server exchange in ${lang}: redeem an operator's code and see it in the history; used, expired, revoked and malformed codes refused`, async ({ page, context, request }) => {
    test.setTimeout(300_000);
    const m = messages[lang];
    const e = m.exchange;
    const account = await registerByApi(request, uniqueEmail(`exchange-${lang}`));
    await signIn(context, account);
    await page.addInitScript(RECORD_ANALYTICS);
    await page.goto(`/${lang}/profile/exchange`);
    await expect(page.getByRole("heading", { name: e.title, level: 1 })).toBeVisible();
    await expect(page.getByText(e.empty)).toBeVisible();
    // this user has no laser and no printer: no training entry (SPEC §2)
    const menu = page.getByRole("navigation", { name: m.menu.label });
    await expect(menu.getByRole("link", { name: m.menu.exchange })).toHaveAttribute("aria-current", "page");
    await expect(menu.getByRole("link", { name: m.menu.training })).toHaveCount(0);

    const field = page.getByLabel(e.code, { exact: true });
    const redeemButton = page.getByRole("button", { name: e.redeem, exact: true });
    await expect(redeemButton).toHaveAttribute("data-analytics-id", "redeemNow");
    const invalidCode = page.getByRole("alert").filter({ hasText: m.errors["20501"] });

    // malformed and empty codes are refused by the form itself
    await field.fill("ABC-123");
    await redeemButton.click();
    await expect(page.getByText(m.validation.redeemCodeInvalid)).toBeVisible();
    await field.fill("");
    await redeemButton.click();
    await expect(page.getByText(m.validation.redeemCodeRequired)).toBeVisible();

    async function redeem(code: string, settled: ReturnType<Page["getByRole"]>) {
      await field.fill(code);
      await verifyAsHuman(page, lang);
      await redeemButton.click();
      await expect(settled).toBeVisible();
    }

    const good = codes("valid")[index] ?? "";
    const redeemed = page.getByRole("status").filter({ hasText: e.redeemed.split("{")[0]?.trim() ?? "" });
    await redeem(good.toLowerCase(), redeemed);
    await expect(redeemed).toContainText(lang === "zh" ? "XCS 专业版一年" : "XCS Pro, 1 year");
    const row = page.getByRole("row").filter({ hasText: good });
    await expect(row).toContainText(e.statusValue.succeeded);
    const today = new Date().toISOString().slice(0, 10);
    await expect(row).toContainText(today);
    await expect(page.getByText(e.total.includes("plural") ? "1 redemption" : "共 1 条兑换记录")).toBeVisible();
    expect(await page.evaluate(() => window.__analytics)).toContainEqual({ event: "redeemNow" });

    // used, expired and revoked codes: one message for every bad code
    await redeem(good, invalidCode);
    await page.reload();
    await redeem(codes("expired")[index] ?? "", invalidCode);
    await page.reload();
    await redeem(codes("revoked")[index] ?? "", invalidCode);
    await expect(page.getByRole("row").filter({ hasText: good })).toHaveCount(1);

    // the training page is not for this user: it leads to settings
    await page.goto(`/${lang}/profile/training`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile/settings`));
  });
}

for (const [index, lang] of LANGS.entries()) {
  test(`the redemption history reads whole on a 320 px phone, every column of a row on screen, and passes axe (${lang})`, async ({ page, context, request }) => {
    const e = messages[lang].exchange;
    const pager = messages[lang].security.pagination;
    const account = await registerByApi(request, uniqueEmail(`exchange-narrow-${lang}`));
    // the journey above spends the first code of each language
    const code = codes("valid")[LANGS.length + index] ?? "";
    await redeemByApi(request, account, code);
    await signIn(context, account);
    await page.setViewportSize(PHONE);
    await page.goto(`/${lang}/profile/exchange`);

    const row = page.getByRole("row").filter({ hasText: code });
    await expect(row).toBeVisible();
    // stacked: each of the five values on screen beside its name, nothing to scroll sideways to
    for (const name of [e.benefit, e.redeemedAt, e.expiresAt, e.status, e.codeColumn]) await expect(row.getByText(name, { exact: true })).toBeInViewport();
    await expect(row.getByText(code)).toBeInViewport();
    await expect(row.getByText(e.statusValue.succeeded)).toBeInViewport();
    // still a table to assistive technology: the cells keep their column names
    await expect(page.getByRole("columnheader")).toHaveCount(5);
    await expect(row.getByRole("cell")).toHaveCount(5);
    await expectNoSidewaysScroll(page, `exchange history (${lang})`);
    await expectNoAxeViolations(page, `exchange history at 320 px (${lang})`);

    // the pager's words stay whole ("上一页" / "下一页" on one line each)
    const nav = page.getByRole("navigation", { name: pager.label });
    await expect(nav.getByRole("button", { name: pager.previous })).toBeVisible();
    expect(await lineCount(page, "main nav button", 0)).toBe(1);
    expect(await lineCount(page, "main nav button", 1)).toBe(1);
  });
}

