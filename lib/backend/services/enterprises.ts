import { eq, sql } from "drizzle-orm";
import { enterpriseAccountField } from "@/lib/contract/fields";
import { canonicalEmail } from "@/lib/contract/fields";
import { now } from "../clock";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { enterprises, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { hashPassword } from "./passwords";
import type { EnterpriseRow, UserRow } from "./users";

/** Enterprises (business customers) and their users. Only the operator command creates them. */

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
 * A new enterprise and its first user, who signs in with `password` (flagged as the default
 * password until changed). Account ID (any case) or email taken → EnterpriseConflictError.
 */
export async function createEnterpriseUser(input: {
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
