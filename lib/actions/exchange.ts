"use server";

import { ErrorCode } from "@/lib/contract/errors";
import type { RedemptionItem } from "@/lib/contract/exchange";
import { getUserBasic } from "@/lib/upstream/passport";
import { redeemExchangeCode } from "@/lib/upstream/user";
import { exchangeVerification } from "@/lib/upstream/verification";
import { activateXcs, type XcsOutcome } from "@/lib/upstream/xcs";
import { canonicalRedeemCode, redeemFormSchema } from "@/lib/validation/exchange";
import { verificationValueSchema, type VerificationValue } from "@/lib/validation/verification";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors } from "@/lib/session/server";
import { signedIn, type SignedInPage } from "@/lib/session/signed-in";

/**
 * Redeems a code: the human verification becomes a ticket for scene "redeem" and the account's
 * own email (read from the session, never from the browser), then POST /v1/exchange/effect, then
 * XCS is told (when configured). The ticket is spent either way: the form shows a new widget.
 */
export async function redeemAction(
  input: { code: string; verification: VerificationValue | null },
  page: SignedInPage,
): Promise<ActionResult<{ item: RedemptionItem; xcs: XcsOutcome }>> {
  const parsed = redeemFormSchema.safeParse({ code: input.code });
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const verification = verificationValueSchema.safeParse(input.verification);
  if (!verification.success) return { ok: false, error: { code: ErrorCode.verificationRequired } };
  return signedIn(page, async (ctx, _at, token) => {
    const { email } = await getUserBasic(ctx);
    const { ticket } = await exchangeVerification(ctx, { scene: "redeem", email, provider: verification.data.provider, value: verification.data.value });
    const item = await redeemExchangeCode(ctx, { code: canonicalRedeemCode(parsed.data.code), ticket });
    return { item, xcs: await activateXcs(token) };
  });
}
