"use server";

import { booleanField, formSchema } from "@/lib/validation/form-schema";
import { recoveryCodeSchema, totpCodeSchema, twoStepTicketField } from "@/lib/validation/two-step";
import { getUserBasic } from "@/lib/upstream/passport";
import { loginWithSecondStep } from "@/lib/upstream/two-step";
import { actionFailure, fieldErrors, resolvePage, storeToken, upstreamContext, type PageRef } from "@/lib/session/server";
import type { ActionResult, SignInResult } from "@/lib/session/action-result";
import { signInResult } from "@/lib/session/sign-in-result";
import { ErrorCode } from "@/lib/contract/errors";

const holdSchema = formSchema({ ticket: twoStepTicketField, remember: booleanField });

/**
 * The second step of a sign-in held for it (20901): the ticket that came with the hold and an
 * authenticator or recovery code (POST /v1/login/two-step). Then exactly what follows any
 * sign-in: the token stored, the user's home (profile-business for an enterprise user) or a
 * safe `r`, the host hand-off of a framed or window launch.
 */
export async function finishTwoStepAction(
  input: { ticket: string; remember: boolean; method: "totp" | "recovery"; code: string },
  page: PageRef,
): Promise<ActionResult<SignInResult>> {
  const hold = holdSchema.safeParse({ ticket: input.ticket, remember: input.remember });
  if (!hold.success) return { ok: false, error: { code: ErrorCode.twoStepTicketInvalid } };
  if (input.method !== "totp" && input.method !== "recovery") return { ok: false, error: { code: ErrorCode.invalidParams } };
  const parsed = (input.method === "totp" ? totpCodeSchema : recoveryCodeSchema).safeParse({ code: input.code });
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const at = await resolvePage(page);
  const { ticket, remember } = hold.data;
  try {
    const ctx = await upstreamContext(at.lang, at.launch, null, { ensureDevice: true });
    const session = await loginWithSecondStep(ctx, { ticket, method: input.method, code: parsed.data.code });
    const user = await getUserBasic({ ...ctx, token: session.utoken });
    const business = Boolean(user.enterpriseUser?.uid);
    await storeToken(session.utoken, remember, { uid: user.uid, enterprise: business });
    return { ok: true, ...(await signInResult(at.lang, page.query, session.utoken, business)) };
  } catch (error) {
    return actionFailure(error, at);
  }
}
