import { pbkdf2Sync } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import bcrypt from "bcryptjs";
import { uniqueEmail } from "./support/mailbox";
import { checkScreen, DESKTOP, expectNoAxeViolations, expectNoSidewaysScroll, PHONE } from "./support/screen-checks";
import { messages, type Lang } from "./support/screens";
import { operatorCreate, signInToConsole } from "./support/operators";

/**
 * Moving a user base in and out (docs/import-export.md), in both languages: an admin uploads a
 * Keycloak-style realm export of 1 000 users (bcrypt and PBKDF2 hashes) plus two bad rows, the
 * check names the two bad rows and writes nothing, the run imports the 1 000; one imported user
 * signs in with the old password; the export screen streams them back out. Both screens, and the
 * check's report, are read by axe and at 320 px wide.
 */
test.describe.configure({ timeout: 240_000 });

const USERS = 1000;

/** A Keycloak realm export: even users with bcrypt (cost 4, fast), odd ones with PBKDF2-SHA256; a bad email and an MD5 hash at the end. */
function keycloakExport(domain: string): string {
  const bcryptHash = bcrypt.hashSync("old-bcrypt-pass1", 4);
  const salt = Buffer.from("keycloak-salt-16");
  const pbkdf2 = pbkdf2Sync("old-pbkdf2-pass1", salt, 1000, 64, "sha256").toString("base64");
  const credential = (index: number) =>
    index % 2 === 0
      ? { type: "password", secretData: JSON.stringify({ value: bcryptHash, salt: "" }), credentialData: JSON.stringify({ hashIterations: 4, algorithm: "bcrypt" }) }
      : { type: "password", secretData: JSON.stringify({ value: pbkdf2, salt: salt.toString("base64") }), credentialData: JSON.stringify({ hashIterations: 1000, algorithm: "pbkdf2-sha256" }) };
  const users = Array.from({ length: USERS }, (_, index) => ({ username: `u${index}`, email: `u${index}@${domain}`, firstName: `User ${index}`, credentials: [credential(index)] }));
  users.push({ username: "broken", email: "not-an-email", firstName: "Broken", credentials: [credential(0)] });
  users.push({ username: "md5", email: `md5@${domain}`, firstName: "Md5", credentials: [{ type: "password", secretData: "{}", credentialData: JSON.stringify({ algorithm: "md5" }) }] });
  return JSON.stringify({ realm: "shop", users });
}

for (const lang of ["en", "zh"] as const satisfies readonly Lang[]) {
  test(`an admin imports a Keycloak export after a check naming two bad rows, and exports the users back (${lang})`, async ({ page }) => {
    const m = messages[lang];
    const tr = m.console.transfer;
    const email = uniqueEmail(`import-admin-${lang}`);
    const domain = `${lang}-${Date.now().toString(36)}.import.test`;
    const operator = await operatorCreate(email, "import screen test");
    const home = `/${lang}/console`;
    await page.setViewportSize(DESKTOP);
    await signInToConsole(page, lang, { email, password: operator.password, uri: operator.uri });

    await checkScreen(page, `${home}/import`, { lang });
    await checkScreen(page, `${home}/export`, { lang });
    await page.getByRole("navigation").getByRole("link", { name: m.console.nav.import }).click();
    await expect(page.getByRole("heading", { level: 1, name: tr.importTitle })).toBeVisible();
    await page.getByLabel(tr.file).setInputFiles({ name: "realm-export.json", mimeType: "application/json", buffer: Buffer.from(keycloakExport(domain)) });
    await page.getByRole("button", { name: tr.check }).click();
    await expect(page.getByRole("heading", { name: tr.dryRunTitle })).toBeVisible();
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(tr.problems.email);
    await expect(rows.nth(2)).toContainText(`md5@${domain}`);
    await expect(rows.nth(2)).toContainText(tr.problems.hashFormat);
    await expectNoAxeViolations(page, `the check's report (${lang})`);
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page, `the check's report (${lang}) at 320 px`);
    await page.setViewportSize(DESKTOP);
    expect((await page.request.post("/v1/login", { data: { email: `u0@${domain}`, password: "old-bcrypt-pass1" } }).then((r) => r.json())).code).not.toBe(0);

    await page.getByLabel(tr.reason).fill("migration from keycloak");
    await page.getByRole("button", { name: lang === "en" ? "Import 1,000 users" : "导入 1,000 个用户" }).click();
    await expect(page.getByRole("heading", { name: tr.doneTitle })).toBeVisible();
    await expect(page.getByRole("status")).toContainText(lang === "en" ? "1,000 of 1,002" : "1,002 行中已导入 1,000 行");

    for (const [user, password] of [[`u0@${domain}`, "old-bcrypt-pass1"], [`u1@${domain}`, "old-pbkdf2-pass1"]]) {
      const signIn = await page.request.post("/v1/login", { data: { email: user, password } });
      expect((await signIn.json()).code).toBe(0);
    }

    await page.getByRole("navigation").getByRole("link", { name: m.console.nav.export }).click();
    await expect(page.getByRole("heading", { level: 1, name: tr.exportTitle })).toBeVisible();
    await page.getByLabel(tr.format).selectOption("json");
    await page.getByLabel(tr.emailContains).fill(`@${domain}`);
    await page.getByLabel(tr.status).selectOption("active");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: tr.download }).click()]);
    const file = await download.path();
    const exported = JSON.parse(await readFile(file, "utf8")) as Array<{ email: string; lastSignIn: string | null; waysIn: string[] }>;
    expect(exported).toHaveLength(USERS);
    expect(exported.every((row) => row.email.endsWith(`@${domain}`))).toBe(true);
    expect(exported.find((row) => row.email === `u0@${domain}`)).toMatchObject({ lastSignIn: expect.any(String), waysIn: ["password"] });
    expect(JSON.stringify(exported)).not.toMatch(/\$2[aby]\$|pbkdf2|argon2/);
  });
}
