"use server";

import { birthdaySchema, countrySchema, genderSchema, otherInfoSchema, type BirthdayInput, type CountryInput, type GenderInput, type OtherInfoInput } from "@/lib/validation/profile";
import type { FormSchema } from "@/lib/validation/form-schema";
import { updateBirthday, updateCountry, updateGender, updateOtherInfo } from "@/lib/upstream/profile";
import type { UpstreamContext } from "@/lib/upstream/passport";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors, type PageRef } from "@/lib/session/server";
import { signedIn } from "@/lib/session/signed-in";

/**
 * The user centre's saves, one per field group. Each parses its input with the form's own
 * schema, then makes one upstream call with the session; 20101 ends the session as everywhere.
 */
async function save<T>(schema: FormSchema<T>, input: unknown, page: PageRef, call: (ctx: UpstreamContext, value: T) => Promise<void>): Promise<ActionResult<{ value: T }>> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return signedIn(page, async (ctx) => {
    await call(ctx, parsed.data);
    return { value: parsed.data };
  });
}

/** Nickname and introduction (trimmed; empty clears them). */
export async function saveOtherInfoAction(input: OtherInfoInput, page: PageRef) {
  return save(otherInfoSchema, input, page, updateOtherInfo);
}

export async function saveGenderAction(input: GenderInput, page: PageRef) {
  return save(genderSchema, input, page, updateGender);
}

/** The birthday, typed or picked; saved as YYYY-MM-DD. */
export async function saveBirthdayAction(input: BirthdayInput, page: PageRef) {
  return save(birthdaySchema, input, page, updateBirthday);
}

export async function saveCountryAction(input: CountryInput, page: PageRef) {
  return save(countrySchema, input, page, updateCountry);
}
