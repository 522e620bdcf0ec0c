import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { createAccount } from "./support/accounts";
import { uniqueEmail } from "./support/mailbox";
import { expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/screen-checks";
import { expectUserCentre, logInWithPassword, logOut, messages, type Lang } from "./support/screens";
import { openSecurity } from "./support/security-screens";

/** The code an authenticator app would show, `ahead` periods of 30 s from now. */
function appCode(secret: string, ahead = 0): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 30_000 });
}

/** A new screen at phone width: no sideways scroll, nothing for axe. */
async function checkHere(page: Page, name: string): Promise<void> {
  await expectNoSidewaysScroll(page, name);
  await expectNoAxeViolations(page, name);
}

async function hasSession(page: Page): Promise<boolean> {
  return (await page.context().cookies()).some((cookie) => cookie.name === "utoken" && cookie.value !== "");
}

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`two-step sign-in with an authenticator app and recovery codes (${lang})`, async ({ page }) => {
    const m = messages[lang];
    const t = m.twoStep;
    const email = uniqueEmail(`two-step-${lang}`);
    const password = "Laser-2026";
    await createAccount(page.request, email, password);
    await page.setViewportSize(PHONE);
    await page.goto(`/${lang}/login`);
    await logInWithPassword(page, lang, email, password);
    await expectUserCentre(page, lang, email);
    await openSecurity(page, lang);

    // Turn it on: the key as the app would read it from the QR code, the first code by keyboard.
    const section = page.getByRole("region", { name: t.section.title });
    const turnOn = section.getByRole("button", { name: t.section.turnOn });
    await turnOn.click();
    const dialog = page.getByRole("dialog", { name: t.setup.title });
    // Escape closes it, two-step stays off, and focus is back on "Turn on" (not the page)
    await expect(dialog.getByRole("img", { name: t.setup.qrAlt })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(turnOn).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("img", { name: t.setup.qrAlt })).toBeVisible();
    const secret = (await dialog.getByLabel(t.setup.secretLabel, { exact: true }).inputValue()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await checkHere(page, `two-step setup (${lang})`);
    await dialog.getByLabel(t.setup.codeLabel, { exact: true }).fill(appCode(secret));
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();

    // The ten recovery codes, once: downloaded as a text file.
    const list = section.getByRole("list", { name: t.codes.listLabel });
    await expect(list.getByRole("listitem")).toHaveCount(10);
    const codes = await list.getByRole("listitem").allInnerTexts();
    const [file] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: t.codes.download }).click()]);
    expect(file.suggestedFilename()).toBe("passport-recovery-codes.txt");
    const saved = readFileSync(await file.path(), "utf8");
    expect(saved).toContain(codes.join("\n"));
    // headed with the product's name as the page says it (通行证 in Chinese)
    expect(saved.startsWith(t.codes.fileHeading)).toBe(true);
    expect(saved.includes("Passport")).toBe(lang === "en");
    await checkHere(page, `recovery codes (${lang})`);
    await section.getByRole("button", { name: t.codes.done }).click();
    // "Turn on" is gone: focus goes to what the section says now
    await expect(section.getByText(lang === "en" ? "10 recovery codes left." : "剩余 10 个恢复码。")).toBeFocused();

    // The "Turn off" question takes the focus; Escape answers no and gives it back.
    const turnOff = section.getByRole("button", { name: t.section.turnOff });
    await turnOff.click();
    const question = section.getByRole("group", { name: t.section.offQuestion });
    await expect(question.getByRole("button", { name: t.section.cancel })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(question).toBeHidden();
    await expect(turnOff).toBeFocused();
    await logOut(page, lang);

    // Password, then the app's next code: no session until the second step.
    await logInWithPassword(page, lang, email, password);
    const heading = page.getByRole("heading", { name: t.signIn.title });
    await expect(heading).toBeVisible();
    expect(await hasSession(page)).toBe(false);
    await checkHere(page, `second step (${lang})`);
    await expect(page.getByLabel(t.signIn.totpLabel, { exact: true })).toBeFocused();
    await page.keyboard.type(appCode(secret, 1));
    await page.keyboard.press("Enter");
    await expectUserCentre(page, lang, email);
    await logOut(page, lang);

    // A recovery code instead, reached by keyboard; it works once.
    const useRecovery = async () => {
      await logInWithPassword(page, lang, email, password);
      const switchLink = page.getByRole("button", { name: t.signIn.useRecovery });
      await switchLink.focus();
      await page.keyboard.press("Enter");
      await page.getByLabel(t.signIn.recoveryLabel, { exact: true }).fill(codes[0] ?? "");
      await page.getByRole("button", { name: t.signIn.submit, exact: true }).click();
    };
    await useRecovery();
    await expectUserCentre(page, lang, email);
    await logOut(page, lang);
    await useRecovery();
    await expect(page.getByText(t.signIn.recoveryCodeIncorrect)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login`));
    expect(await hasSession(page)).toBe(false);
  });
}
