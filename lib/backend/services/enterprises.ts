import { eq, sql } from "drizzle-orm";
import type { CreatedEnterprise } from "@/lib/contract/console/screens";
import { canonicalEmail, emailField, enterpriseAccountField } from "@/lib/contract/fields";
import { now } from "../clock";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { enterprises, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { ConsoleError, requiredText } from "./console/input";
import { generatePassword, hashPassword } from "./passwords";
import type { EnterpriseRow, UserRow } from "./users";

/** Enterprises (business customers) and their users. Operators create them: the console and the CLI, through createEnterprise. */

export async function findEnterpriseByAccount(account: string): Promise<EnterpriseRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(enterprises)
    .where(sql`lower(${enterprises.account}) = lower(${account.trim()})`)
    .limit(1);
  return row ?? null;
}

export class EnterpriseConflictError extends Error {
  constructor(readonly conflict: "account" | "email") {
    super(conflict === "account" ? "An enterprise with this account ID exists already." : "This email has an account already.");
    this.name = "EnterpriseConflictError";
  }
}

/**
 * A new enterprise and its first user with a generated default password, returned once (only
 * its hash is kept; the first sign-in asks for a password of the user's own). The one way both
 * doors create one: the console's route and the CLI's enterprise:create, which words the
 * refusals for the terminal. Refused (ConsoleError, with the field): an account ID outside the
 * rule, an email that is not one, a name blank or over 200 characters, an account ID taken in
 * any case, an email that already has an account.
 */
export async function createEnterprise(input: { account?: unknown; email?: unknown; name?: unknown }): Promise<CreatedEnterprise> {
  const account = enterpriseAccountField.safeParse(typeof input.account === "string" ? input.account : "");
  if (!account.success) throw new ConsoleError("badAccount", 400, "account");
  const email = emailField.safeParse(typeof input.email === "string" ? input.email : "");
  if (!email.success) throw new ConsoleError("badEmail", 400, "email");
  const name = requiredText(input.name, 200, "name");
  const password = generatePassword();
  try {
    const { enterprise } = await createEnterpriseUser({ account: account.data, email: email.data, name, password });
    return { id: enterprise.id, account: enterprise.account, name: enterprise.name, email: canonicalEmail(email.data), password };
  } catch (error) {
    if (error instanceof EnterpriseConflictError) {
      throw error.conflict === "account" ? new ConsoleError("accountTaken", 409, "account") : new ConsoleError("emailTaken", 409, "email");
    }
    throw error;
  }
}

/** The enterprise and its user, as checked by createEnterprise. Account ID (any case) or email taken → EnterpriseConflictError. */
async function createEnterpriseUser(input: {
  account: string;
  name: string;
  email: string;
  password: string;
}): Promise<{ enterprise: EnterpriseRow; user: UserRow }> {
  const account = enterpriseAccountField.parse(input.account);
  const email = canonicalEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  const at = now();
  if (await findEnterpriseByAccount(account)) throw new EnterpriseConflictError("account");
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw new EnterpriseConflictError("email");
  try {
    return await db.transaction(async (tx) => {
      const [enterprise] = await tx.insert(enterprises).values({ account, name: input.name.trim(), createdAt: at }).returning();
      if (!enterprise) throw new Error("insert returned no row");
      const [user] = await tx
        .insert(users)
        .values({ email, passwordHash, enterpriseId: enterprise.id, defaultPassword: true, createdAt: at, updatedAt: at })
        .returning();
      if (!user) throw new Error("insert returned no row");
      return { enterprise, user };
    });
  } catch (error) {
    // created by someone else between the checks and the insert
    if (isUniqueViolation(error)) throw new EnterpriseConflictError("account");
    throw error;
  }
}

/** POST /v1/enterprise/verify/account: the account's display name, or 20202. */
export async function describeEnterprise(account: string): Promise<{ account: string; name: string }> {
  const enterprise = await findEnterpriseByAccount(account);
  if (!enterprise) throw new ServiceError(ErrorCode.accountNotFound);
  return { account: enterprise.account, name: enterprise.name };
}
