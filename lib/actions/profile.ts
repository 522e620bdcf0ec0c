"use server";

import type { z } from "zod";
import { birthdaySchema, countrySchema, genderSchema, otherInfoSchema } from "@/lib/validation/profile";
import { updateBirthday, updateCountry, updateGender, updateOtherInfo } from "@/lib/upstream/profile";
import type { UpstreamContext } from "@/lib/upstream/passport";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors, type PageRef } from "@/lib/session/server";
import { signedIn } from "@/lib/session/signed-in";

/**
 * The user centre's saves, one per field group. Each parses its input with the form's own
 * schema, then makes one upstream call with the session; 20101 ends the session as everywhere.
 */
async function save<S extends z.ZodType>(
  schema: S,
  input: unknown,
  page: PageRef,
  call: (ctx: UpstreamContext, value: z.output<S>) => Promise<void>,
): Promise<ActionResult<{ value: z.output<S> }>> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return signedIn(page, async (ctx) => {
    await call(ctx, parsed.data);
    return { value: parsed.data };
  });
}

/** Nickname and introduction (trimmed; empty clears them). */
export async function saveOtherInfoAction(input: z.input<typeof otherInfoSchema>, page: PageRef) {
  return save(otherInfoSchema, input, page, updateOtherInfo);
}

export async function saveGenderAction(input: z.input<typeof genderSchema>, page: PageRef) {
  return save(genderSchema, input, page, updateGender);
}

/** The birthday, typed or picked; saved as YYYY-MM-DD. */
export async function saveBirthdayAction(input: z.input<typeof birthdaySchema>, page: PageRef) {
  return save(birthdaySchema, input, page, updateBirthday);
}

export async function saveCountryAction(input: z.input<typeof countrySchema>, page: PageRef) {
  return save(countrySchema, input, page, updateCountry);
}
