"use server";

import { changePasswordSchema as enterprisePasswordSchema, type ChangePasswordInput as EnterprisePasswordInput } from "@/lib/validation/security";
import { changeEnterprisePassword } from "@/lib/upstream/passport";
import type { ActionResult } from "@/lib/session/action-result";
import { actionFailure, endExpiredSession, fieldErrors, readToken, resolvePage, upstreamContext, type PageRef } from "@/lib/session/server";

/** Changes the enterprise user's password (the default one, or any later one). */
export async function changeEnterprisePasswordAction(input: EnterprisePasswordInput, page: PageRef): Promise<ActionResult> {
  const parsed = enterprisePasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const at = await resolvePage(page, true);
  const token = await readToken();
  if (!token) return { ok: false, error: await endExpiredSession(at) };
  try {
    await changeEnterprisePassword(await upstreamContext(at.lang, at.launch, token), {
      oldPassword: parsed.data.oldPassword,
      newPassword: parsed.data.password,
    });
    return { ok: true };
  } catch (error) {
    return actionFailure(error, at);
  }
}
