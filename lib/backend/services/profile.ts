import { eq } from "drizzle-orm";
import type { UserFullInfo } from "@/lib/contract/passport";
import type { RegionItem } from "@/lib/contract/user";
import { now } from "../clock";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import type { Lang } from "../lang";
import { formatCountryRegion, isValidCountry, isValidRegion, listCountries, listRegions } from "../regions";
import { enterpriseOf, toFullInfo, type UserRow } from "./users";

/**
 * The personal information of the user centre. Every change is made to the row of the user
 * the session belongs to: no call takes a user id, so nobody can change another's profile.
 */
type ProfileChange = Partial<Pick<typeof users.$inferInsert, "nickname" | "introduction" | "gender" | "birthday" | "country" | "region">>;

async function update(user: UserRow, change: ProfileChange): Promise<void> {
  const db = await getDb();
  await db
    .update(users)
    .set({ ...change, updatedAt: now() })
    .where(eq(users.id, user.id));
}

/** GET /v1/user/fullinfo, with "country/region" in the caller's language (null when no country is set). */
export async function fullInfo(user: UserRow, lang: Lang): Promise<UserFullInfo> {
  const countryRegion = user.country === null ? null : await formatCountryRegion(user.country, user.region, lang);
  return toFullInfo(user, await enterpriseOf(user), countryRegion);
}

/** PATCH /v1/user/otherinfo; an empty (or blank) value clears the field. */
export async function setOtherInfo(user: UserRow, input: { nickname: string; introduction: string }): Promise<void> {
  await update(user, { nickname: input.nickname || null, introduction: input.introduction || null });
}

export async function setGender(user: UserRow, gender: "male" | "female"): Promise<void> {
  await update(user, { gender });
}

/** The birthday is a real date from 1900 (the contract checks that); a future date → 10001. */
export async function setBirthday(user: UserRow, birthday: string): Promise<void> {
  if (birthday > now().toISOString().slice(0, 10)) throw new ServiceError(ErrorCode.invalidParams, { fields: ["birthday"] });
  await update(user, { birthday });
}

/** An unknown country, or a region that is not one of the country's → 10001; nothing changes. */
export async function setCountry(user: UserRow, input: { country: number; region: number | null }): Promise<void> {
  if (!isValidCountry(input.country)) throw new ServiceError(ErrorCode.invalidParams, { fields: ["country"] });
  if (input.region !== null && !(await isValidRegion(input.country, input.region))) {
    throw new ServiceError(ErrorCode.invalidParams, { fields: ["region"] });
  }
  await update(user, { country: input.country, region: input.region });
}

export function countries(lang: Lang): RegionItem[] {
  return listCountries(lang);
}

/** The country's regions; an id that is no country → 10006. */
export async function regionsOf(countryId: string, lang: Lang): Promise<RegionItem[]> {
  const id = /^\d{1,4}$/.test(countryId) ? Number.parseInt(countryId, 10) : null;
  const list = id === null ? null : await listRegions(id, lang);
  if (!list) throw new ServiceError(ErrorCode.notFound);
  return list;
}
