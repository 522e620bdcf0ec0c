import { z } from "zod";
import { reasonField } from "./session";
import { userSearchQuery } from "./users";
import { BULK_CONSOLE_MAX, BULK_KINDS, BULK_STATUSES } from "./bulk-options";

/**
 * Bulk work on users (docs/operators.md "Bulk jobs"): a selection (ids, or every account a search
 * finds, frozen when the job is made), one kind of action, a reason; the services run it as one
 * job in small batches. POST /v1/console/bulk/preview, POST/GET /v1/console/bulk/jobs,
 * POST /v1/console/bulk/jobs/{id}/cancel; the command line's `users:bulk` makes the same jobs.
 */
export * from "./bulk-options";

/** The accounts: chosen ones (ids), or the whole result of a search (its filter). */
export const bulkSelection = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(BULK_CONSOLE_MAX) }),
  z.object({ search: userSearchQuery }),
]);
export type BulkSelection = z.infer<typeof bulkSelection>;
export type BulkSelectionInput = z.input<typeof bulkSelection>;

const bilingualText = z.object({ title: z.string(), body: z.string() });
/** A message's fields as the message composer has them (the same rules: lib/contract/message-rules.ts). */
export const bulkMessage = z.object({ appCode: z.string(), category: z.string(), texts: z.object({ en: bilingualText, zh: bilingualText }) });
export type BulkMessage = z.infer<typeof bulkMessage>;

export const bulkPreviewRequest = z.object({ selection: bulkSelection });
export const bulkPreviewResponse = z.object({ count: z.number().int(), first: z.array(z.string()), limit: z.number().int(), overLimit: z.boolean() });
export type BulkPreview = z.infer<typeof bulkPreviewResponse>;

export const bulkCreateRequest = z.object({ kind: z.enum(BULK_KINDS), selection: bulkSelection, reason: reasonField, message: bulkMessage.optional() });
export type BulkCreateRequest = z.infer<typeof bulkCreateRequest>;

export const bulkJob = z.object({
  id: z.string(),
  kind: z.enum(BULK_KINDS),
  status: z.enum(BULK_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  reason: z.string(),
  operator: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkJob = z.infer<typeof bulkJob>;
export const bulkJobListResponse = z.object({ jobs: z.array(bulkJob) });
export const bulkCancelRequest = z.object({ reason: reasonField });

