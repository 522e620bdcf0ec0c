"use server";

import QRCode from "qrcode";
import { z } from "zod";
import { changeOwnPasswordRequest } from "@/lib/contract/console/operators";
import { reasonField } from "@/lib/contract/console/session";
import { localeOf } from "@/lib/i18n/routing";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors } from "@/lib/session/server";
import { consoleAction } from "@/lib/console/session";
import { changeOwnOperatorPassword, resetOperatorAuthenticator, resetOperatorPassword } from "@/lib/upstream/console";

/**
 * Operators' secrets: an admin resets another operator's password or authenticator (the new one
 * shown once), an operator changes their own password. The services check the role and audit.
 */
const reset = z.object({ id: z.uuid(), what: z.enum(["password", "authenticator"]), reason: reasonField });
export type ResetSecret = { password: string } | { totpUri: string; totpSecret: string; qr: string };

export async function resetOperatorSecretAction(raw: z.input<typeof reset>, lang: string): Promise<ActionResult<{ secret: ResetSecret }>> {
  const parsed = reset.safeParse(raw);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const { id, what, reason } = parsed.data;
  return consoleAction(localeOf(lang), async (ctx) => {
    if (what === "password") return { secret: await resetOperatorPassword(ctx, id, reason) };
    const made = await resetOperatorAuthenticator(ctx, id, reason);
    // drawn here, so the secret never goes to a third-party service
    const qr = await QRCode.toDataURL(made.totpUri, { margin: 1, width: 220 });
    return { secret: { totpUri: made.totpUri, totpSecret: made.totpSecret, qr } };
  });
}

export async function changeOwnPasswordAction(raw: z.input<typeof changeOwnPasswordRequest>, lang: string): Promise<ActionResult> {
  const parsed = changeOwnPasswordRequest.safeParse(raw);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return consoleAction(localeOf(lang), async (ctx) => {
    await changeOwnOperatorPassword(ctx, parsed.data);
    return {};
  });
}
