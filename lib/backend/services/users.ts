import { eq } from "drizzle-orm";
import type { UserBasic, UserFullInfo } from "@/lib/contract/passport";
import { canonicalEmail } from "@/lib/validation/fields";
import { now } from "../clock";
import { getDb, isUniqueViolation } from "../db/client";
import { users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(email: string): Promise<UserRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.email, canonicalEmail(email))).limit(1);
  return row ?? null;
}

export async function emailHasAccount(email: string): Promise<boolean> {
  return (await findUserByEmail(email)) !== null;
}

/** Create an account; an email that already has one → 20201. */
export async function createUser(input: { email: string; passwordHash: string }): Promise<UserRow> {
  const db = await getDb();
  const at = now();
  try {
    const [row] = await db
      .insert(users)
      .values({ email: canonicalEmail(input.email), passwordHash: input.passwordHash, createdAt: at, updatedAt: at })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ServiceError(ErrorCode.accountExists);
    throw error;
  }
}

export function toBasic(user: UserRow): UserBasic {
  return {
    uid: user.id,
    email: user.email,
    nickname: user.nickname,
    headpic: user.headpic,
    enterpriseUser: null,
  };
}

export function toFullInfo(user: UserRow): UserFullInfo {
  return {
    ...toBasic(user),
    introduction: user.introduction,
    gender: user.gender,
    birthday: user.birthday,
    country: user.country,
    region: user.region,
    createdAt: user.createdAt.toISOString(),
  };
}
