import { devices, expect, test } from "@playwright/test";
import { signedOutNewAccount } from "./support/accounts";
import { uniqueEmail } from "./support/mailbox";
import { expectUserCentre, logInWithPassword, logOut, messages, signInOnLoginScreen } from "./support/screens";
import { cell, newBrowser, openSecurity, sessionRows } from "./support/security-screens";

test("two browsers of one user each list both sessions, and ending one sends it to login", async ({ browser }) => {
  const lang = "en";
  const m = messages[lang];
  const s = m.security.sessions;
  const email = uniqueEmail("sessions");
  const password = "Laser-2026";

  // A desktop browser, and a phone that also claims another address (nothing vouches for it).
  const desktop = await newBrowser(browser, { ...devices["Desktop Chrome"] });
  const phone = await newBrowser(browser, { ...devices["Pixel 7"], extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.77" } });
  // made through the API with no session open (the register screen has its own tests)
  await signedOutNewAccount(desktop.page.request, email, password);
  await signInOnLoginScreen(desktop.page, lang, email, password);
  await phone.page.goto(`/${lang}/login`);
  await logInWithPassword(phone.page, lang, email, password);
  await expectUserCentre(phone.page, lang, email);

  // The side menu works from the keyboard: from "User centre", the arrow key reaches "Account security".
  const menu = desktop.page.getByRole("navigation", { name: m.menu.label });
  await menu.getByRole("link", { name: m.menu.settings }).focus();
  await desktop.page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("link", { name: m.menu.security })).toBeFocused();
  await desktop.page.keyboard.press("Enter");
  await expect(desktop.page).toHaveURL(/\/en\/profile\/security/);
  await expect(menu.getByRole("link", { name: m.menu.security })).toHaveAttribute("aria-current", "page");

  const onDesktop = sessionRows(desktop.page, lang);
  await expect(onDesktop.rows).toHaveCount(2);
  await expect(onDesktop.current).toHaveCount(1);
  for (const row of [onDesktop.current, onDesktop.others]) {
    // The browsers' own address (loopback here), not the one the phone made up; no place is known for it.
    await expect(cell(row, lang, "ip")).toHaveText("127.0.0.1");
    await expect(cell(row, lang, "location")).toHaveText(s.unknown);
    await expect(cell(row, lang, "application")).toHaveText("Passport");
    await expect(cell(row, lang, "lastLogin")).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  }
  await expect(cell(onDesktop.current, lang, "platform")).toHaveText(s.platforms["web-pc"]);
  await expect(cell(onDesktop.current, lang, "os")).toHaveText(/^Windows · Chrome \d+$/);
  await expect(cell(onDesktop.others, lang, "platform")).toHaveText(s.platforms["web-mobile"]);
  await expect(cell(onDesktop.others, lang, "os")).toHaveText(/^Android 14 · Chrome \d+$/);
  await expect(onDesktop.current.getByRole("button", { name: s.end })).toHaveCount(0);

  // The phone sees the same two sessions, its own marked as current.
  await openSecurity(phone.page, lang);
  const onPhone = sessionRows(phone.page, lang);
  await expect(onPhone.rows).toHaveCount(2);
  await expect(cell(onPhone.current, lang, "os")).toHaveText(/^Android 14/);
  await expect(cell(onPhone.current, lang, "platform")).toHaveText(s.platforms["web-mobile"]);
  await expect(cell(onPhone.others, lang, "os")).toHaveText(/^Windows/);

  // The desktop ends the phone's session, after a confirmation.
  await onDesktop.others.getByRole("button", { name: s.end }).click();
  const confirm = desktop.page.getByRole("alertdialog", { name: s.endTitle });
  await confirm.getByRole("button", { name: s.endConfirm }).click();
  await expect(desktop.page.getByRole("status").filter({ hasText: s.endedOne })).toBeVisible();
  await expect(onDesktop.rows).toHaveCount(1);
  await expect(onDesktop.current).toHaveCount(1);

  // The phone's next navigation goes to login, which says the login expired.
  await phone.page.getByRole("navigation", { name: m.menu.label }).getByRole("link", { name: m.menu.settings }).click();
  await expect(phone.page).toHaveURL(/\/en\/login/);
  await expect(phone.page.getByText(m.common.expiredLogin)).toBeVisible();
  await phone.page.goto(`/${lang}/profile/security`);
  await expect(phone.page).toHaveURL(/\/en\/login\?r=/);

  // The desktop is still signed in.
  await desktop.page.reload();
  await expect(onDesktop.current).toHaveCount(1);
  await desktop.context.close();
  await phone.context.close();
});

test("changing the password refuses a wrong current one and two different new ones; then only the new one works, and another browser is signed out", async ({ page, browser }) => {
  const lang = "zh";
  const m = messages[lang];
  const p = m.security.password;
  const email = uniqueEmail("password-zh");
  const oldPassword = "Laser-2026";
  const newPassword = "Welder-800W";

  await signedOutNewAccount(page.request, email, oldPassword);
  await signInOnLoginScreen(page, lang, email, oldPassword);
  // The same account signed in on another browser.
  const other = await newBrowser(browser);
  await other.page.goto(`/${lang}/login`);
  await logInWithPassword(other.page, lang, email, oldPassword);
  await expectUserCentre(other.page, lang, email);
  await openSecurity(page, lang);

  await page.getByRole("button", { name: p.change }).click();
  const dialog = page.getByRole("dialog", { name: p.dialogTitle });
  // A wrong current password.
  await dialog.getByLabel(p.oldPassword, { exact: true }).fill("not-my-password");
  await dialog.getByLabel(p.newPassword, { exact: true }).fill(newPassword);
  await dialog.getByLabel(p.confirmPassword, { exact: true }).fill(newPassword);
  await dialog.getByRole("button", { name: p.save }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: m.errors["20206"] })).toBeVisible();
  // Two different new passwords.
  await dialog.getByLabel(p.oldPassword, { exact: true }).fill(oldPassword);
  await dialog.getByLabel(p.confirmPassword, { exact: true }).fill(`${newPassword}!`);
  await dialog.getByRole("button", { name: p.save }).click();
  await expect(dialog.getByText(m.validation.passwordsMismatch)).toBeVisible();
  // Then right, with "sign out of other devices" ticked as it comes.
  await dialog.getByLabel(p.confirmPassword, { exact: true }).fill(newPassword);
  await expect(dialog.getByRole("checkbox", { name: p.signOutOthers })).toBeChecked();
  await dialog.getByRole("button", { name: p.save }).click();
  await expect(page.getByRole("status").filter({ hasText: p.changedSignedOut })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(sessionRows(page, lang).rows).toHaveCount(1);

  // The other browser's session has ended: its next step goes to login, which says so.
  await other.page.getByRole("navigation", { name: m.menu.label }).getByRole("link", { name: m.menu.security }).click();
  await expect(other.page).toHaveURL(/\/zh\/login/);
  await expect(other.page.getByText(m.common.expiredLogin)).toBeVisible();
  await other.context.close();

  await logOut(page, lang);
  await logInWithPassword(page, lang, email, oldPassword);
  await expect(page.getByRole("alert").filter({ hasText: m.errors["20205"] })).toBeVisible();
  await page.getByLabel(m.login.password, { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: m.login.submit, exact: true }).click();
  await expectUserCentre(page, lang, email);
});
