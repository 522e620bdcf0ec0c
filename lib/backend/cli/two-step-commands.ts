import { eq } from "drizzle-orm";
import { canonicalEmail, emailField } from "@/lib/contract/fields";
import { getDb } from "../db/client";
import { socialAccounts } from "../db/schema";
import { log } from "../log";
import { twoStepStatus } from "../services/two-step";
import { resetTwoStepByOperator } from "../services/two-step-reset";
import { findUserByEmail, type UserRow } from "../services/users";
import { CliError } from "./commands";

/**
 * Operator commands about how a user signs in (npm run cli -- user:ways-in / user:reset-two-step).
 * They show what is set up, never a secret, a code or a hash.
 */
export type WaysIn = {
  id: string;
  email: string;
  enterprise: boolean;
  password: boolean;
  social: string[];
  twoStep: { enabled: boolean; since: string | null; recoveryCodesLeft: number };
  deviceSecurity: boolean;
};

async function userOf(emailInput: string): Promise<UserRow> {
  const parsed = emailField.safeParse(emailInput);
  if (!parsed.success) throw new CliError(`Not an email address: ${JSON.stringify(emailInput)}`);
  const user = await findUserByEmail(canonicalEmail(parsed.data));
  if (!user) throw new CliError(`No account for ${canonicalEmail(parsed.data)}.`);
  return user;
}

export async function waysIn(emailInput: string): Promise<WaysIn> {
  const user = await userOf(emailInput);
  const db = await getDb();
  const social = await db.select({ channel: socialAccounts.channel }).from(socialAccounts).where(eq(socialAccounts.userId, user.id));
  return {
    id: user.id,
    email: user.email,
    enterprise: user.enterpriseId !== null,
    password: user.passwordSet,
    social: social.map((row) => row.channel).sort(),
    twoStep: await twoStepStatus(user),
    deviceSecurity: user.deviceSecurity,
  };
}

/**
 * Turns a user's two-step off (a lost phone and lost recovery codes, after the operator checked
 * who asks), as the console's "Reset two-step" does (services/two-step-reset.ts: secret and
 * recovery codes deleted, every session ended, a security notice mailed in English). The reason
 * goes to the services' log, and the run to the audit log (operator `cli`).
 */
export async function resetTwoStep(emailInput: string, reason: string): Promise<{ id: string; email: string; wasOn: boolean }> {
  const why = reason.trim();
  if (why.length < 3 || why.length > 500) throw new CliError("--reason must say why, in 3–500 characters.");
  const user = await userOf(emailInput);
  const { wasOn } = await resetTwoStepByOperator(user, "en");
  log().warn({ event: "two-step reset by operator", userId: user.id, wasOn, reason: why }, "two-step reset");
  return { id: user.id, email: user.email, wasOn };
}
