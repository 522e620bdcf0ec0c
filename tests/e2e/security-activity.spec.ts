import { expect, test, type APIRequestContext } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createAccount } from "./support/accounts";
import { uniqueEmail } from "./support/mailbox";
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/screen-checks";
import { expectUserCentre, logInWithPassword, messages, type Lang } from "./support/screens";
import { newBrowser, openSecurity, sessionCookie } from "./support/security-screens";

/**
 * The security activity page: a user changes the password on the security page and turns two-step
 * on and off (from another client of the same session), then finds each of them on the page,
 * newest first, at the time their own time zone says; the page passes axe and fits a 320 px phone.
 */
const ZONES: Record<Lang, string> = { en: "America/New_York", zh: "Asia/Shanghai" };

/** YYYY-MM-DD HH:mm of an instant in a time zone, as the page writes it. */
function inZone(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}

async function call(request: APIRequestContext, path: string, token: string, data: unknown = {}): Promise<Record<string, unknown> | undefined> {
  const body = (await (await request.post(path, { data, headers: { utoken: token } })).json()) as { code: number; data?: Record<string, unknown> };
  expect(body.code, path).toBe(0);
  return body.data;
}

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`the security activity lists the user's changes newest first in their time zone (${lang})`, async ({ browser }) => {
    const m = messages[lang];
    const a = m.security.activity;
    const p = m.security.password;
    const email = uniqueEmail(`activity-${lang}`);
    const password = "Laser-2026";
    const newPassword = "Welder-800W";
    const { context, page } = await newBrowser(browser, { timezoneId: ZONES[lang] });
    await createAccount(context.request, email, password);
    await page.goto(`/${lang}/login`);
    await logInWithPassword(page, lang, email, password);
    await expectUserCentre(page, lang, email);
    await openSecurity(page, lang);

    // The password, on the security page.
    await page.getByRole("button", { name: p.change }).click();
    const dialog = page.getByRole("dialog", { name: p.dialogTitle });
    await dialog.getByLabel(p.oldPassword, { exact: true }).fill(password);
    await dialog.getByLabel(p.newPassword, { exact: true }).fill(newPassword);
    await dialog.getByLabel(p.confirmPassword, { exact: true }).fill(newPassword);
    await dialog.getByRole("button", { name: p.save }).click();
    await expect(dialog).toBeHidden();

    // Two-step on and off, through the services' API with this browser's session.
    const token = (await sessionCookie(context)).value;
    const setup = await call(context.request, "/v1/user/two-step/totp", token);
    const secret = Secret.fromBase32(String(setup?.secret));
    await call(context.request, "/v1/user/two-step/totp/confirm", token, { code: new TOTP({ secret }).generate() });
    await call(context.request, "/v1/user/step-up", token, { password: newPassword });
    await call(context.request, "/v1/user/two-step/off", token);

    await page.reload();
    await page.getByRole("link", { name: a.link }).click();
    await expect(page.getByRole("heading", { level: 1, name: a.title })).toBeVisible();
    const rows = page.getByRole("list", { name: a.listLabel }).getByRole("listitem");
    await expect(rows.nth(0)).toContainText(a.kinds.two_step_off);
    await expect(rows.nth(1)).toContainText(a.kinds.two_step_on);
    await expect(rows.nth(2)).toContainText(a.kinds.password_changed);
    await expect(rows.nth(3)).toContainText(a.kinds.sign_in);
    await expect(rows.nth(0)).not.toContainText(a.bySupport);

    // The time in the viewer's zone, from the instant the page was given.
    const time = rows.nth(2).locator("time");
    const instant = await time.getAttribute("datetime");
    expect(instant).not.toBeNull();
    await expect(time).toHaveText(inZone(instant ?? "", ZONES[lang]));

    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, `security activity (${lang})`);
    await expectNoAxeViolations(page, `security activity at 320 px (${lang})`);
    await context.close();
  });
}
