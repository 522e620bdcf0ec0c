import { expect, test } from "@playwright/test";
import { signedInNewAccount } from "./support/accounts";
import { readEmailedCode, uniqueEmail } from "./support/mailbox";
import { expectUserCentre, logInWithPassword, logOut, messages } from "./support/screens";
import { newBrowser, openSecurity } from "./support/security-screens";

test("with device security on, another browser signs in only with the code mailed to the account", async ({ browser }) => {
  const lang = "en";
  const m = messages[lang];
  const d = m.security.devices;
  const email = uniqueEmail("device");
  const password = "Laser-2026";

  const first = await newBrowser(browser);
  // an account made through the API (no device: the services' API is called without the
  // portal's device cookie), signed in here: this browser is its first device
  await signedInNewAccount(first.page, lang, email, password);
  await openSecurity(first.page, lang);

  const toggle = first.page.getByRole("switch", { name: d.switchLabel });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(first.page.getByRole("status").filter({ hasText: d.turnedOn })).toBeVisible();
  await expect(toggle).toBeChecked();
  const devices = first.page.getByRole("region", { name: d.title }).getByRole("listitem");
  await expect(devices).toHaveCount(1);
  await expect(devices.first().getByText(d.thisDevice)).toBeVisible();

  // A second browser: right password, but a device the account has not used.
  const second = await newBrowser(browser);
  await second.page.goto(`/${lang}/login`);
  await logInWithPassword(second.page, lang, email, password);
  await expect(second.page.getByRole("heading", { name: m.deviceSignIn.title })).toBeVisible();
  await expect(second.page.getByText(m.deviceSignIn.intro)).toBeVisible();
  await expect(second.page).toHaveURL(/\/en\/login/);

  // The registration code was the first mail; the device code is the second.
  const code = await readEmailedCode(second.page.request, email, 1);
  const wrong = code === "000000" ? "111111" : "000000";
  await second.page.getByLabel(m.deviceSignIn.code, { exact: true }).fill(wrong);
  await second.page.getByRole("button", { name: m.deviceSignIn.submit }).click();
  await expect(second.page.getByText(m.validation.deviceCodeIncorrect)).toBeVisible();
  await expect(second.page).toHaveURL(/\/en\/login/);
  expect((await second.context.cookies()).some((c) => c.name === "utoken")).toBe(false);

  await second.page.getByLabel(m.deviceSignIn.code, { exact: true }).fill(code);
  await second.page.getByRole("button", { name: m.deviceSignIn.submit }).click();
  await expectUserCentre(second.page, lang, email);

  // Both devices are known now; the first one forgets the second.
  await first.page.reload();
  await expect(devices).toHaveCount(2);
  const other = devices.filter({ hasNotText: d.thisDevice });
  await other.getByRole("button", { name: d.remove }).click();
  await first.page.getByRole("alertdialog", { name: d.removeTitle }).getByRole("button", { name: d.removeConfirm }).click();
  await expect(first.page.getByRole("status").filter({ hasText: d.removed })).toBeVisible();
  await expect(devices).toHaveCount(1);

  // Forgotten, the second browser is held back again at its next sign-in. Its last code was
  // mailed under a minute ago, so this time it is told to wait for the next one.
  await logOut(second.page, lang);
  await logInWithPassword(second.page, lang, email, password);
  await expect(second.page.getByRole("alert").filter({ hasText: m.errors["10003"] })).toBeVisible();
  await expect(second.page).toHaveURL(/\/en\/login/);
  expect((await second.context.cookies()).some((c) => c.name === "utoken")).toBe(false);

  // Turning it off goes through the step-up like every guarded change: the one "Confirm it's
  // you" dialog, saying what the change does; a wrong password changes nothing.
  await toggle.click();
  const stepUp = first.page.getByRole("dialog", { name: m.stepUp.title });
  await expect(stepUp).toHaveAccessibleDescription(m.stepUp.description.replace("{action}", m.stepUp.actions.deviceSecurityOff));
  await stepUp.getByLabel(m.stepUp.password, { exact: true }).fill("not-my-password");
  await stepUp.getByRole("button", { name: m.stepUp.confirm }).click();
  await expect(stepUp.getByRole("alert").filter({ hasText: m.errors["20206"] })).toBeVisible();
  await second.page.getByRole("button", { name: m.login.submit, exact: true }).click();
  await expect(second.page).toHaveURL(/\/en\/login/);
  // With the right one it is off, and no code is asked.
  await stepUp.getByLabel(m.stepUp.password, { exact: true }).fill(password);
  await stepUp.getByRole("button", { name: m.stepUp.confirm }).click();
  await expect(first.page.getByRole("status").filter({ hasText: d.turnedOff })).toBeVisible();
  await expect(stepUp).toBeHidden();
  await expect(toggle).toBeFocused();
  await second.page.getByRole("button", { name: m.login.submit, exact: true }).click();
  await expectUserCentre(second.page, lang, email);
  // That password was the session's proof: on and off again within the 5 minutes asks nothing.
  await toggle.click();
  await expect(first.page.getByRole("status").filter({ hasText: d.turnedOn })).toBeVisible();
  await toggle.click();
  await expect(first.page.getByRole("status").filter({ hasText: d.turnedOff })).toBeVisible();
  await expect(first.page.getByRole("dialog")).toHaveCount(0);

  await first.context.close();
  await second.context.close();
});
