"use server";

import { z } from "zod";
import { reasonField } from "@/lib/contract/console/session";
import { localeOf } from "@/lib/i18n/routing";
import type { ActionResult } from "@/lib/session/action-result";
import { fieldErrors } from "@/lib/session/server";
import { consoleAction } from "@/lib/console/session";
import { actOnUser, type UserAction } from "@/lib/upstream/console";

/** The console's actions on one user; the services check the role and write the audit log. */
const input = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("status"), status: z.enum(["active", "restricted", "banned"]), reason: reasonField }),
  z.object({ kind: z.literal("sessions/end"), sessionId: z.uuid().optional(), reason: reasonField }),
  z.object({ kind: z.literal("two-step/reset"), reason: reasonField }),
  z.object({ kind: z.literal("social/disconnect"), channel: z.string().trim().min(1).max(32), reason: reasonField }),
  z.object({ kind: z.literal("password-reset"), reason: reasonField }),
  z.object({ kind: z.literal("delete"), reason: reasonField }),
]);
export type UserActionInput = z.input<typeof input>;

export async function userAction(userId: string, raw: UserActionInput, lang: string): Promise<ActionResult<{ count: number }>> {
  const locale = localeOf(lang);
  const id = z.uuid().safeParse(userId);
  const parsed = input.safeParse(raw);
  if (!id.success) return { ok: false, error: { code: 10001 } };
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const value = parsed.data;
  let action: UserAction;
  switch (value.kind) {
    case "status":
      action = { kind: "status", body: { status: value.status, reason: value.reason } };
      break;
    case "sessions/end":
      action = { kind: "sessions/end", body: { sessionId: value.sessionId, reason: value.reason } };
      break;
    case "two-step/reset":
      action = { kind: "two-step/reset", body: { reason: value.reason } };
      break;
    case "social/disconnect":
      action = { kind: "social/disconnect", body: { channel: value.channel, reason: value.reason } };
      break;
    case "password-reset":
      // the services build the mail's link from their public origin, in the console's language
      action = { kind: "password-reset", body: { reason: value.reason } };
      break;
    case "delete":
      action = { kind: "delete", body: { reason: value.reason } };
      break;
  }
  return consoleAction(locale, async (ctx) => ({ count: (await actOnUser(ctx, id.data, action)).count ?? 0 }));
}
