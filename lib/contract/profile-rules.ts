/**
 * The profile's limits and the birthday's date rule (SPEC §5), as data and plain functions: the
 * contract's schemas (user.ts) build on them for the services, the browser's forms check them
 * without zod (lib/validation/profile.ts). Like rules.ts, this module imports nothing, so any
 * client code may use it.
 */
export const NICKNAME_MAX = 32;
export const INTRODUCTION_MAX = 200;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const GENDERS = ["male", "female"] as const;

/** A YYYY-MM-DD birthday the services store: a real date, not before 1900 (the future is the form's own check). */
export function isStorableBirthday(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= "1900-01-01";
}
