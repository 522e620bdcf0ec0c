"use server";

import { bulkSelection, type BulkMessage, type BulkSelectionInput } from "@/lib/contract/console/bulk";

import * as bulk from "@/lib/upstream/console-bulk";
import { consoleRefused, consoleResult } from "./result";
import type { ActionResult } from "@/lib/session/action-result";

/**
 * The Users screen's bulk work. The selection is checked here (ids or a search's filter) and again
 * by the services, which also check the role (admin), the limit and the message, make the job and
 * audit it.
 */
const str = (value: unknown): string => (typeof value === "string" ? value : "");

function selectionOf(raw: BulkSelectionInput): BulkSelectionInput | null {
  return bulkSelection.safeParse(raw).success ? raw : null;
}

export async function previewBulkAction(lang: string, raw: BulkSelectionInput): Promise<ActionResult<{ data: { count: number; first: string[]; limit: number; overLimit: boolean } }>> {
  const selection = selectionOf(raw);
  if (!selection) return consoleRefused("bulkEmpty");
  return consoleResult(lang, (ctx) => bulk.previewBulk(ctx, selection));
}

export async function createBulkJobAction(lang: string, input: { kind: string; selection: BulkSelectionInput; reason: string; message?: BulkMessage }): Promise<ActionResult<{ data: { id: string; total: number } }>> {
  const selection = selectionOf(input.selection);
  if (!selection) return consoleRefused("bulkEmpty");
  const kind = str(input.kind);
  if (kind !== "end-sessions" && kind !== "ban" && kind !== "unban" && kind !== "message") return consoleRefused("failed");
  const message = kind === "message" && input.message ? input.message : undefined;
  return consoleResult(lang, async (ctx) => {
    const job = await bulk.createBulkJob(ctx, { kind, selection, reason: str(input.reason), message });
    return { id: job.id, total: job.total };
  });
}

export async function cancelBulkJobAction(lang: string, id: string, reason: string): Promise<ActionResult<{ data: { status: string } }>> {
  return consoleResult(lang, async (ctx) => ({ status: (await bulk.cancelBulkJob(ctx, str(id), str(reason))).status }));
}
