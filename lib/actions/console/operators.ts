"use server";

import QRCode from "qrcode";
import { z } from "zod";
import { createOperatorRequest } from "@/lib/contract/console/operators";
import { OPERATOR_ROLES, type OperatorRole } from "@/lib/contract/console/roles";
import { reasonField } from "@/lib/contract/console/session";
import { localeOf } from "@/lib/i18n/routing";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors } from "@/lib/session/server";
import { consoleAction } from "@/lib/console/session";
import { createOperator, updateOperator } from "@/lib/upstream/console";

/** Operators (admins only; the services check): create one, change a role, disable or enable. */
export type NewOperatorSecrets = { email: string; password: string; totpUri: string; totpSecret: string; qr: string };

export async function createOperatorAction(raw: { email: string; name: string; role: string; reason: string }, lang: string): Promise<ActionResult<{ created: NewOperatorSecrets }>> {
  const parsed = createOperatorRequest.safeParse(raw);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return consoleAction(localeOf(lang), async (ctx) => {
    const made = await createOperator(ctx, parsed.data);
    // the QR code is drawn here, so the secret never goes to a third-party service
    const qr = await QRCode.toDataURL(made.totpUri, { margin: 1, width: 220 });
    return { created: { email: made.operator.email, password: made.password, totpUri: made.totpUri, totpSecret: made.totpSecret, qr } };
  });
}

const change = z.object({ id: z.uuid(), role: z.enum(OPERATOR_ROLES).optional(), status: z.enum(["active", "disabled"]).optional(), reason: reasonField });

/** The operator as changed: its role and status now. */
export type ChangedOperator = { role: OperatorRole; status: "active" | "disabled" };

export async function updateOperatorAction(raw: z.input<typeof change>, lang: string): Promise<ActionResult<{ data: ChangedOperator }>> {
  const parsed = change.safeParse(raw);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const { id, ...body } = parsed.data;
  return consoleAction(localeOf(lang), async (ctx) => {
    const { operator } = await updateOperator(ctx, id, body);
    return { data: { role: operator.role, status: operator.status } };
  });
}
