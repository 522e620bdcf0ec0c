"use server";

import { changePasswordSchema, type ChangePasswordInput } from "@/lib/validation/security";
import { changeEnterprisePassword } from "@/lib/upstream/passport";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors, type PageRef } from "@/lib/session/server";
import { signedIn } from "@/lib/session/signed-in";

/** Changes the enterprise user's password (the default one, or any later one). */
export async function changeEnterprisePasswordAction(input: ChangePasswordInput, page: PageRef): Promise<ActionResult> {
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return signedIn({ ...page, business: true }, async (ctx) => {
    await changeEnterprisePassword(ctx, { oldPassword: parsed.data.oldPassword, newPassword: parsed.data.password, signOutOthers: parsed.data.signOutOthers });
    return {};
  });
}
