import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { TOTP, URI } from "otpauth";
import { DATA_DIRS } from "./fixtures";

const run = promisify(execFile);

/**
 * A console admin of its own, made as an operator makes one (`npm run cli -- operator:create`)
 * on the main portal's database, so no other journey spends its authenticator codes.
 */
export async function operatorCreate(email: string, reason: string): Promise<{ password: string; uri: string }> {
  const { stdout } = await run(path.resolve("node_modules/.bin/tsx"), ["lib/backend/cli/cli.ts", "operator:create", "--email", email, "--role", "admin", "--reason", reason], {
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
