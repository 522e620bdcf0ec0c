import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { TOTP, URI } from "otpauth";
import { DATA_DIRS } from "./fixtures";
import { messages, type Lang } from "./screens";

const run = promisify(execFile);

/**
 * A console operator of its own (an admin unless said), made as an operator makes one (`npm run
 * cli -- operator:create`) on the main portal's database, so no other journey spends its
 * authenticator codes.
 */
export async function operatorCreate(email: string, reason: string, role: "admin" | "support" | "viewer" = "admin"): Promise<{ password: string; uri: string }> {
  const { stdout } = await run(path.resolve("node_modules/.bin/tsx"), ["lib/backend/cli/cli.ts", "operator:create", "--email", email, "--role", role, "--reason", reason], {
    env: { ...process.env, DATA_DIR: DATA_DIRS.main, DATABASE_URL: "", LOG_LEVEL: "silent" },
    timeout: 120_000,
  });
  const password = /Password: (\S+)/.exec(stdout)?.[1];
  const uri = /(otpauth:\/\/\S+)/.exec(stdout)?.[1];
  if (!password || !uri) throw new Error(`unexpected output: ${stdout}`);
  return { password, uri };
}

/** The authenticator's code now, from the otpauth URI the operator was given. */
export function authenticatorCode(uri: string): string {
  const otp = URI.parse(uri);
  if (!(otp instanceof TOTP)) throw new Error("not a TOTP URI");
  return otp.generate();
}

/** Signs an operator in to the console on its sign-in page, and waits for the users list. */
export async function signInToConsole(page: Page, lang: Lang, operator: { email: string; password: string; uri: string }): Promise<void> {
  const m = messages[lang].console.signIn;
  await page.goto(`/${lang}/console`);
  await page.getByLabel(m.email, { exact: true }).fill(operator.email);
  await page.getByLabel(m.password, { exact: true }).fill(operator.password);
  await page.getByLabel(m.code, { exact: true }).fill(authenticatorCode(operator.uri));
  await page.getByRole("button", { name: m.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/console/users`));
}
