import { z } from "zod";
import { AVATAR_MAX_BYTES, AVATAR_TYPES, birthdayRequest, countryRequest, genderRequest, otherInfoRequest } from "@/lib/contract/user";
import { ErrorCode } from "@/lib/contract/errors";

/**
 * The user centre's forms (SPEC §5), shared by the client forms and their server actions.
 * Built on the contract's request schemas so the portal never accepts what the services refuse.
 * Messages are keys under `profile.validation` (falling back to `validation`).
 */

export const otherInfoSchema = otherInfoRequest;
export type OtherInfoInput = z.input<typeof otherInfoSchema>;

export const genderSchema = genderRequest;
export type GenderInput = z.infer<typeof genderSchema>;

/** Today as the services see it (UTC), YYYY-MM-DD: the latest birthday they accept. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Typing "2000/1/2" or "2000.01.02" is fine too: the date is stored and shown as YYYY-MM-DD. */
function normalizeDate(value: string): string {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(value.trim());
  if (!match) return value.trim();
  const [, year, month, day] = match;
  return `${year}-${month?.padStart(2, "0")}-${day?.padStart(2, "0")}`;
}

export const birthdaySchema = z.object({
  birthday: z
    .string({ error: "birthdayRequired" })
    .transform(normalizeDate)
    .pipe(
      z
        .string()
        .min(1, { error: "birthdayRequired" })
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "birthdayInvalid" })
        .pipe(birthdayRequest.shape.birthday)
        .refine((value) => value <= todayIso(), { error: "birthdayFuture" }),
    ),
});
export type BirthdayInput = z.input<typeof birthdaySchema>;
export type BirthdayValue = z.output<typeof birthdaySchema>;

export const countrySchema = countryRequest;
export type CountryInput = z.infer<typeof countrySchema>;

/** The portal's early avatar check; the services' content check (20110–20112) stays the authority. */
export function avatarFileError(file: { type: string; size: number }): number | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return ErrorCode.avatarUnsupported;
  if (file.size > AVATAR_MAX_BYTES) return ErrorCode.avatarTooLarge;
  if (file.size === 0) return ErrorCode.avatarUnsupported;
  return null;
}
