import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { SUPPORT_OPERATOR_FILES } from "../../playwright.config";
import { signedInNewAccount } from "./support/accounts";
import { mailsTo, uniqueEmail } from "./support/mailbox";
import { DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/screen-checks";
import { logInWithPassword, messages, signInOnLoginScreen, type Lang } from "./support/screens";
import { newBrowser } from "./support/security-screens";
import { signInToConsole } from "./support/operators";

/**
 * "This wasn't me" (docs/security.md), issue 33's Done-when, in both languages: a user signed in
 * in a first browser says "This wasn't me" about a sign-in from a second browser; the first
 * browser's session ends, the second lands signed out on the page that says what was done, the
 * next password sign-in is refused and points to a reset, the notice mail is in the account's
 * language, and a support operator finds the event marked on the console's user page with the
 * account's language. axe and the 320 px check on the new screens.
 */
test.describe.configure({ timeout: 240_000 });

/** The notice's subject in each language (lib/backend/mail/security-notice.ts). */
const NOTICE_SUBJECT: Record<Lang, string> = { en: "Your account was secured: every device was signed out", zh: "您的账号已受保护：所有设备均已退出登录" };

type Operator = { email: string; password: string; totpUri: string };

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`"This wasn't me" from a second browser secures the account (${lang})`, async ({ browser }) => {
    const m = messages[lang];
    const a = m.security.activity;
    const email = uniqueEmail(`disown-${lang}`);
    const password = "Laser-Disown-2026";

    const first = await newBrowser(browser);
    await signedInNewAccount(first.page, lang, email, password);

    // the second browser opens the activity page and disowns the newest sign-in
    const second = await newBrowser(browser);
    await signInOnLoginScreen(second.page, lang, email, password);
    await second.page.goto(`/${lang}/profile/security/activity`);
    await expect(second.page.getByRole("heading", { level: 1, name: a.title })).toBeVisible();
    // by its kind: "在新设备上登录" (a new device) holds the words of "登录" (a sign-in)
    const signIn = second.page.getByRole("list", { name: a.listLabel }).locator('li[data-kind="sign_in"]').first();
    const disown = signIn.getByRole("button", { name: a.disownLabel.replace("{event}", a.kinds.sign_in) });
    await expect(disown).toBeEnabled();
    await second.page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(second.page, `security activity with "This wasn't me" (${lang})`);
    await disown.click();
    const dialog = second.page.getByRole("alertdialog", { name: a.disownTitle });
    await expect(dialog).toContainText(a.disownBody);
    await expectNoAxeViolations(second.page, `"This wasn't me" confirmation at 320 px (${lang})`);
    await dialog.getByRole("button", { name: a.disownConfirm }).click();

    // the second browser: signed out, told what was done and what to do next
    await expect(second.page).toHaveURL(new RegExp(`/${lang}/account-secured$`));
    await expect(second.page.getByRole("heading", { level: 1, name: m.accountSecured.title })).toBeVisible();
    await expect(second.page.getByText(m.accountSecured.next)).toBeVisible();
    await expect(second.page.getByRole("link", { name: m.accountSecured.reset })).toHaveAttribute("href", `/${lang}/findpwd`);
    await expectNoSidewaysScroll(second.page, `account secured (${lang})`);
    await expectNoAxeViolations(second.page, `account secured at 320 px (${lang})`);
    await second.page.goto(`/${lang}/profile/security/activity`);
    await expect(second.page).toHaveURL(new RegExp(`/${lang}/login`));

    // the first browser's session is gone; its next password sign-in is refused and points to a reset
    // (a new tab of the first browser: its old tab may be leaving by itself for the login page)
    const again = await first.context.newPage();
    await again.goto(`/${lang}/profile/settings`);
    await expect(again).toHaveURL(new RegExp(`/${lang}/login`));
    await logInWithPassword(again, lang, email, password);
    await expect(again.getByText(m.errors["20221"])).toBeVisible();
    await expect(again).toHaveURL(new RegExp(`/${lang}/login`));

    // the notice, in the account's language (the language it signed in with)
    await expect.poll(async () => (await mailsTo(first.context.request, email)).map((mail) => mail.subject), { timeout: 15_000 }).toContain(NOTICE_SUBJECT[lang]);

    // support finds the event marked on the console's user page, with the account's language
    const operator = JSON.parse(readFileSync(SUPPORT_OPERATOR_FILES[lang], "utf8")) as Operator;
    const ops = await newBrowser(browser, { viewport: DESKTOP });
    await signInToConsole(ops.page, lang, { email: operator.email, password: operator.password, uri: operator.totpUri });
    await ops.page.goto(`/${lang}/console/users?q=${encodeURIComponent(email)}`);
    await ops.page.getByRole("link", { name: email }).click();
    await expect(ops.page.getByRole("heading", { level: 1, name: email })).toBeVisible();
    const u = m.console.user;
    const activity = ops.page.getByRole("region", { name: u.activity });
    const marked = activity.locator("tr[data-marked]");
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText(u.disownedMark);
    await expect(marked).toContainText(a.kinds.sign_in);
    await expect(activity.getByRole("cell", { name: a.kinds.account_secured })).toBeVisible();
    const facts = ops.page.getByRole("region", { name: u.profile });
    await expect(facts.getByText(m.common.languageNames[lang], { exact: true })).toBeVisible();
    await expect(facts.getByText(u.passwordResetRequired)).toBeVisible();
    await expectNoAxeViolations(ops.page, `console user page with security activity (${lang})`);
    // on a phone: the tables scroll inside their own boxes, which the keyboard can reach; the page never does
    await ops.page.setViewportSize({ width: 320, height: 640 });
    await expectNoSidewaysScroll(ops.page, `console user page at 320 px (${lang})`);
    await expectNoAxeViolations(ops.page, `console user page at 320 px (${lang})`);

    for (const context of [first.context, second.context, ops.context]) await context.close();
  });
}
