import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { createAccount } from "./support/accounts";
import { mailsTo, uniqueEmail } from "./support/mailbox";
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/screen-checks";
import { messages, type Lang } from "./support/screens";
import { authenticatorCode, operatorCreate, signInToConsole } from "./support/operators";

/**
 * The operator console (docs/operators.md), in both languages, on the main portal while it serves
 * on the embedded database: the first operator comes from `npm run cli` (which goes through the
 * running portal), signs in with password + authenticator code, finds a user by an email prefix,
 * sees every way in on their page, ends their sessions (their browser is signed out), bans and
 * unbans them, resets their two-step (they get a security notice), and finds all of it in the
 * audit log. axe and the keyboard on the way.
 */
test.describe.configure({ timeout: 240_000 });

async function act(page: Page, t: (typeof messages)["en"]["console"], reason: string, button: string, done: string) {
  await page.getByLabel(t.user.actions.reason).fill(reason);
  await page.getByRole("button", { name: button, exact: true }).focus();
  await page.keyboard.press("Enter");
  // one live region holds the notice (strict: a nested second status would match twice)
  await expect(page.getByRole("status").filter({ hasText: done })).toBeVisible();
}

test("an operator's bookmark of the console's former place (/{lang}/admin/…) is moved permanently to /{lang}/console/…", async ({ page, request }) => {
  const moved = await request.get("/zh/admin/audit?operator=cli", { maxRedirects: 0 });
  expect(moved.status()).toBe(308);
  expect(new URL(moved.headers()["location"] ?? "", BASE_URL).pathname + new URL(moved.headers()["location"] ?? "", BASE_URL).search).toBe("/zh/console/audit?operator=cli");
  await page.goto("/en/admin");
  await expect(page).toHaveURL(/\/en\/console$/);
  await expect(page.getByRole("heading", { name: messages.en.console.signIn.title })).toBeVisible();
});

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`a support operator changes their own password; a wrong current one is said and changes nothing (${lang})`, async ({ page }) => {
    const t = messages[lang].console;
    const email = uniqueEmail(`support-${lang}`);
    const operator = await operatorCreate(email, "own password journey", "support");
    await signInToConsole(page, lang, { email, password: operator.password, uri: operator.uri });
    const nav = page.getByRole("navigation", { name: t.shell.navigation });
    await expect(nav.getByRole("link", { name: t.nav.operators })).toHaveCount(0);
    await nav.getByRole("link", { name: t.nav.password }).click();
    await expect(page.getByRole("heading", { level: 1, name: t.operators.ownPasswordTitle })).toBeVisible();
    await expect(page).toHaveTitle(`${t.shell.pageTitle.replace("{screen}", t.nav.password)} | Passport`);
    await expectNoAxeViolations(page, `console own password ${lang}`);

    const current = page.getByLabel(t.operators.currentPassword, { exact: true });
    const next = page.getByLabel(t.operators.newPassword, { exact: true });
    await current.fill("not my password at all");
    await next.fill("a support operator's new password");
    await page.getByRole("button", { name: t.operators.changePassword }).click();
    await expect(current).toHaveAccessibleDescription(t.fields.wrongCurrentPassword);
    await expect(page.getByText(t.operators.passwordChanged)).toHaveCount(0);

    await current.fill(operator.password);
    await page.getByRole("button", { name: t.operators.changePassword }).click();
    await expect(page.getByRole("status").filter({ hasText: t.operators.passwordChanged })).toBeVisible();
    await expect(current).toHaveValue("");
  });

  test(`operator console journey (${lang})`, async ({ page, browser, request }) => {
    const t = messages[lang].console;
    const operatorEmail = uniqueEmail(`operator-${lang}`);
    const operator = await operatorCreate(operatorEmail, "the first operator");

    // a customer, signed in in a browser of their own
    const prefix = `cust-${lang}-${Date.now().toString(36)}`;
    const customerEmail = `${prefix}@example.test`;
    const { utoken } = await createAccount(request, customerEmail, "customer-pass1");
    // two-step on, with an authenticator app (the test's), so the operator can reset it
    const setup = (await (await request.post("/v1/user/two-step/totp", { headers: { utoken } })).json()) as { data: { uri: string } };
    const confirmed = await request.post("/v1/user/two-step/totp/confirm", { headers: { utoken }, data: { code: authenticatorCode(setup.data.uri) } });
    expect(((await confirmed.json()) as { code: number }).code).toBe(0);
    const customer = await browser.newContext();
    await customer.addCookies([{ name: "utoken", value: utoken, url: BASE_URL, httpOnly: true, sameSite: "Lax" }]);
    const customerPage = await customer.newPage();
    await customerPage.goto(`/${lang}/profile/settings`);
    await expect(customerPage).toHaveURL(new RegExp(`/${lang}/profile/settings`));

    // sign-in: never framed, stored or indexed; password and authenticator code
    const signIn = await page.goto(`/${lang}/console`);
    const headers = signIn?.headers() ?? {};
    expect(headers["cache-control"]).toContain("no-store");
    expect(headers["x-robots-tag"]).toContain("noindex");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    await expect(page.getByRole("heading", { name: t.signIn.title })).toBeVisible();
    await expectNoAxeViolations(page, `console sign-in ${lang}`);
    await page.getByLabel(t.signIn.email).fill(operatorEmail);
    await page.getByLabel(t.signIn.password).fill(operator.password);
    await page.getByLabel(t.signIn.code).fill(authenticatorCode(operator.uri));
    await page.getByLabel(t.signIn.code).press("Enter");
    await expect(page).toHaveURL(new RegExp(`/${lang}/console/users`));
    await expect(page).toHaveTitle(`${t.shell.pageTitle.replace("{screen}", t.nav.users)} | Passport`);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "__Host-passport_console")).toMatchObject({ httpOnly: true, sameSite: "Strict", secure: true, path: "/" });

    // find the customer by an email prefix, by keyboard
    const query = page.getByLabel(t.users.query);
    await query.focus();
    await page.keyboard.type(prefix.toUpperCase());
    await page.keyboard.press("Enter");
    // the search is a client navigation: the list shown before it already holds the customer (the
    // newest accounts come first), so the results are only there once the address has the query;
    // Next's router also drops the tab's title for a few milliseconds while it swaps the head in
    await expect(page).toHaveURL((url) => url.searchParams.get("q")?.toLowerCase() === prefix.toLowerCase());
    const link = page.getByRole("link", { name: customerEmail });
    await expect(link).toBeVisible();
    // their last sign-in (the account's registration signed them in), never "—"
    const lastSignIn = page.getByRole("row").filter({ has: link }).getByRole("cell").nth(4);
    await expect(lastSignIn).toHaveText(/\d/);
    await expectNoAxeViolations(page, `console users ${lang}`);
    await link.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: customerEmail })).toBeVisible();
    // every way in: the password, two-step with its recovery codes left (never a secret or code)
    await expect(page.getByText(lang === "en" ? "10 recovery codes left" : "剩余 10 个恢复码")).toBeVisible();
    await expectNoAxeViolations(page, `console user ${lang}`);

    // end their sessions: their browser is signed out on its next request
    await act(page, t, "customer asked by phone", t.user.actions.endAll, t.user.actions.ended);
    await customerPage.goto(`/${lang}/profile/settings`);
    await expect(customerPage).toHaveURL(new RegExp(`/${lang}/login`));
    await customer.close();

    // ban (a dialog names the account and asks for the reason), then unban
    await page.getByRole("button", { name: t.user.actions.ban, exact: true }).click();
    const banDialog = page.getByRole("alertdialog", { name: t.user.actions.banTitle.replace("{email}", customerEmail) });
    await banDialog.getByLabel(t.user.actions.reason).fill("fraud report 12");
    await expectNoAxeViolations(page, `console ban dialog ${lang}`);
    await banDialog.getByRole("button", { name: t.user.actions.confirmBan }).click();
    await expect(page.getByRole("status").filter({ hasText: t.user.actions.banned })).toBeVisible();
    // their next sign-in is refused, and the failure reads with its meaning beside the code
    const refused = (await (await request.post("/v1/login", { data: { email: customerEmail, password: "customer-pass1" } })).json()) as { code: number };
    expect(refused.code).toBe(20105);
    await page.reload();
    await expect(page.getByRole("table", { name: t.user.failures })).toContainText(`${messages[lang].errors["20105"]} (20105)`);
    await expect(page.getByText(t.status.banned, { exact: true })).toBeVisible();
    await act(page, t, "cleared after review", t.user.actions.unban, t.user.actions.unbanned);
    await expect(page.getByText(t.status.active, { exact: true })).toBeVisible();

    // reset two-step (a lost phone): the offer goes, and the customer is mailed a security notice
    await act(page, t, "lost phone, ticket 4711", t.user.actions.resetTwoStep, t.user.actions.twoStepReset);
    await expect(page.getByRole("button", { name: t.user.actions.resetTwoStep })).toHaveCount(0);
    const notice = lang === "en" ? "Our support turned two-step sign-in off" : "客服已为您关闭两步验证";
    await expect.poll(async () => (await mailsTo(request, customerEmail)).map((mail) => mail.subject), { timeout: 30_000 }).toContain(notice);

    // delete asks first: Cancel keeps the account, the confirmation deletes it
    const deleteDialog = page.getByRole("alertdialog", { name: t.user.actions.deleteTitle.replace("{email}", customerEmail) });
    await page.getByRole("button", { name: t.user.actions.delete, exact: true }).click();
    await deleteDialog.getByRole("button", { name: t.user.actions.cancel }).click();
    await expect(deleteDialog).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: customerEmail })).toBeVisible();
    await page.getByRole("button", { name: t.user.actions.delete, exact: true }).click();
    await deleteDialog.getByLabel(t.user.actions.reason).fill("customer asked to be forgotten");
    await deleteDialog.getByRole("button", { name: t.user.actions.confirmDelete }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/console/users$`));

    // the audit log has each of them, with who and why
    await page.getByRole("link", { name: t.nav.audit }).click();
    await page.getByLabel(t.audit.filters.operator).fill(operatorEmail);
    await page.getByRole("button", { name: t.audit.filter }).click();
    const table = page.getByRole("table");
    for (const [action, reason] of [["user.end-sessions", "customer asked by phone"], ["user.ban", "fraud report 12"], ["user.unban", "cleared after review"], ["user.reset-two-step", "lost phone, ticket 4711"], ["user.delete", "customer asked to be forgotten"], ["operator.sign-in", null]] as const) {
      const row = table.getByRole("row").filter({ hasText: action });
      await expect(row.first()).toBeVisible();
      if (reason) await expect(row.first()).toContainText(reason);
    }
    // targets read as the account's email (kept after its deletion), what was done on the row
    await expect(table.getByRole("row").filter({ hasText: "user.ban" }).first()).toContainText(customerEmail);
    await expect(table.getByRole("row").filter({ hasText: "user.ban" }).first()).toContainText("to: banned");
    await expectNoAxeViolations(page, `console audit ${lang}`);
    // the action filter is the list of known actions
    await page.getByLabel(t.audit.filters.action).selectOption("user.delete");
    await page.getByRole("button", { name: t.audit.filter }).click();
    await expect(page).toHaveURL(/action=user\.delete/);
    await expect(table.getByRole("row").filter({ hasText: "user.unban" })).toHaveCount(0);
    await expect(table.getByRole("row").filter({ hasText: "user.delete" }).first()).toContainText(customerEmail);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, `console audit ${lang} at 320 px`);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: t.audit.export }).click();
    expect((await download).suggestedFilename()).toBe("audit-log.csv");

    // a day that does not exist is refused with its own message
    await page.goto(`/${lang}/console/audit?from=2026-02-30`);
    await expect(page.getByRole("alert").filter({ hasText: t.audit.invalid.from })).toBeVisible();

    // the command line's own entry: this operator's (other tests make operators by the command line at the same time)
    await page.goto(`/${lang}/console/audit?operator=cli&action=cli:operator:create`);
    await expect(page.getByRole("table").getByRole("row").filter({ hasText: "cli:operator:create" }).filter({ hasText: operatorEmail })).toContainText("the first operator");
  });
}
