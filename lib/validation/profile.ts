import { AVATAR_MAX_BYTES, AVATAR_TYPES, GENDERS, INTRODUCTION_MAX, isStorableBirthday, NICKNAME_MAX } from "@/lib/contract/profile-rules";
import { ErrorCode } from "@/lib/contract/errors";
import { formSchema, oneOf, type FieldCheck, type Infer } from "./form-schema";

/**
 * The user centre's forms (SPEC §5), shared by the client forms and their server actions, on the
 * contract's profile rules (lib/contract/profile-rules.ts): the rules the services' own schemas
 * (lib/contract/user.ts) are built from, so the portal never accepts what the services refuse.
 * Messages are keys under `profile.validation` (falling back to `validation`).
 */

/** A text that may be empty, trimmed, at most `max` characters. */
function trimmedText(max: number, message: string): FieldCheck<string> {
  return (raw) => {
    if (typeof raw !== "string") return { ok: false, message: "invalid" };
    const value = raw.trim();
    return value.length <= max ? { ok: true, value } : { ok: false, message };
  };
}

/** Nickname and introduction (trimmed; empty clears them). */
export const otherInfoSchema = formSchema({
  nickname: trimmedText(NICKNAME_MAX, "nicknameTooLong"),
  introduction: trimmedText(INTRODUCTION_MAX, "introductionTooLong"),
});
export type OtherInfoInput = Infer<typeof otherInfoSchema>;

export const genderSchema = formSchema({ gender: oneOf(GENDERS, "genderRequired") });
export type GenderInput = Infer<typeof genderSchema>;

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

const birthdayField: FieldCheck<string> = (raw) => {
  if (typeof raw !== "string") return { ok: false, message: "birthdayRequired" };
  const value = normalizeDate(raw);
  if (value.length === 0) return { ok: false, message: "birthdayRequired" };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isStorableBirthday(value)) return { ok: false, message: "birthdayInvalid" };
  if (value > todayIso()) return { ok: false, message: "birthdayFuture" };
  return { ok: true, value };
};

/** The birthday, typed or picked; the checked value is YYYY-MM-DD. */
export const birthdaySchema = formSchema({ birthday: birthdayField });
export type BirthdayInput = Infer<typeof birthdaySchema>;

/** A whole number above zero (an id from a select). */
function positiveId(message: string): FieldCheck<number> {
  return (raw) => (typeof raw === "number" && Number.isInteger(raw) && raw > 0 ? { ok: true, value: raw } : { ok: false, message });
}

const regionField: FieldCheck<number | null> = (raw) => (raw === null ? { ok: true, value: null } : positiveId("invalid")(raw));

/** The country, and its region (null when the country has none or the user picks none). */
export const countrySchema = formSchema({ country: positiveId("countryRequired"), region: regionField });
export type CountryInput = Infer<typeof countrySchema>;
/** The country form's values: nothing chosen is null, refused on submit as countryRequired. */
const chosenCountry: FieldCheck<number | null> = (raw) => positiveId("countryRequired")(raw);
export const countryFormSchema = formSchema({ country: chosenCountry, region: regionField });
export type CountryFormInput = Infer<typeof countryFormSchema>;

/** The portal's early avatar check; the services' content check (20110–20112) stays the authority. */
export function avatarFileError(file: { type: string; size: number }): number | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return ErrorCode.avatarUnsupported;
  if (file.size > AVATAR_MAX_BYTES) return ErrorCode.avatarTooLarge;
  if (file.size === 0) return ErrorCode.avatarUnsupported;
  return null;
}
