import { eq } from "drizzle-orm";
import type { UserBasic, UserFullInfo } from "@/lib/contract/passport";
import { canonicalEmail } from "@/lib/contract/fields";
import { APP_CODE_PATTERN } from "@/lib/contract/message-rules";
import { now } from "../clock";
import { getDb } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { enterprises, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import type { Lang } from "../lang";

export type UserRow = typeof users.$inferSelect;
export type UserStatus = UserRow["status"];
export type EnterpriseRow = typeof enterprises.$inferSelect;

/**
 * The brand of registration an app code names: one the console's brand filter and an import
 * accept (letters, digits, `_.-`), else none, so a header of spaces or markup never becomes one.
 */
export function registrationBrand(appCode: string | null | undefined): string | null {
  return appCode && APP_CODE_PATTERN.test(appCode) ? appCode : null;
}

export async function findUserByEmail(email: string): Promise<UserRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, canonicalEmail(email))).limit(1);
  return row ?? null;
}

export async function emailHasAccount(email: string): Promise<boolean> {
  return (await findUserByEmail(email)) !== null;
}

/**
 * Create an account; an email that already has one → 20201. `passwordSet: false` for an account
 * without a password; `registrationAppCode`: the brand a registration came from (the app code its
 * session records; the console's brand filter), none when not given.
 */
export async function createUser(input: { email: string; passwordHash: string; passwordSet?: boolean; registrationAppCode?: string | null }): Promise<UserRow> {
  const db = await getDb();
  const at = now();
  try {
    const [row] = await db
      .insert(users)
      .values({ email: canonicalEmail(input.email), passwordHash: input.passwordHash, passwordSet: input.passwordSet ?? true, registrationAppCode: registrationBrand(input.registrationAppCode), createdAt: at, updatedAt: at })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(ErrorCode.accountExists);
    throw error;
  }
}

/**
 * A new password hash; the password is no longer the operator's default, and the account has one.
 * A new password also ends the refusal "This wasn't me" set (every path here is signed in by a way
 * other than the old password, or is the emailed reset).
 */
export async function setPasswordHash(userId: string, passwordHash: string): Promise<void> {
  const db = await getDb();
  await db.update(users).set({ passwordHash, defaultPassword: false, passwordSet: true, passwordResetRequired: false, updatedAt: now() }).where(eq(users.id, userId));
}

/** The enterprise of an enterprise user; null for consumers. */
export async function enterpriseOf(user: UserRow): Promise<EnterpriseRow | null> {
  if (!user.enterpriseId) return null;
  const db = await getDb();
  const [row] = await db.select().from(enterprises).where(eq(enterprises.id, user.enterpriseId)).limit(1);
  return row ?? null;
}

export function toBasic(user: UserRow, enterprise: EnterpriseRow | null): UserBasic {
  return {
    uid: user.id,
    email: user.email,
    nickname: user.nickname,
    headpic: user.headpic,
    enterpriseUser: enterprise
      ? { uid: user.id, account: enterprise.account, name: enterprise.name, defaultPassword: user.defaultPassword }
      : null,
  };
}

export function toFullInfo(user: UserRow, enterprise: EnterpriseRow | null, countryRegion: string | null): UserFullInfo {
  return {
    ...toBasic(user, enterprise),
    introduction: user.introduction,
    gender: user.gender,
    birthday: user.birthday,
    country: user.country,
    region: user.region,
    countryRegion,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * The account's language follows the one its owner last used (a sign-in, a page in another
 * language): a write only when the caller stated one and it differs. Mails to the account use it.
 */
export async function rememberLanguage(user: Pick<UserRow, "id" | "language">, client: { statedLang?: Lang | null }): Promise<void> {
  const stated = client.statedLang;
  if (!stated || stated === user.language) return;
  const db = await getDb();
  await db.update(users).set({ language: stated }).where(eq(users.id, user.id));
}

/** The language of a mail to the account: its own, else the request's. */
export function mailLanguage(user: Pick<UserRow, "language">, fallback: Lang): Lang {
  return user.language ?? fallback;
}
