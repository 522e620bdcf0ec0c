import "server-only";
import { bulkJob, bulkJobListResponse, bulkPreviewResponse, type BulkCreateRequest, type BulkSelectionInput } from "@/lib/contract/console/bulk";
import { consoleCall, type ConsoleContext } from "./console";

/** Bulk jobs over users (the services' /v1/console/bulk/**, docs/operators.md). */
export const previewBulk = (ctx: ConsoleContext, selection: BulkSelectionInput) => consoleCall(ctx, { method: "POST", path: "/v1/console/bulk/preview", body: { selection }, schema: bulkPreviewResponse });
export const createBulkJob = (ctx: ConsoleContext, body: Omit<BulkCreateRequest, "selection"> & { selection: BulkSelectionInput }) =>
  consoleCall(ctx, { method: "POST", path: "/v1/console/bulk/jobs", body, schema: bulkJob });
export const listBulkJobs = (ctx: ConsoleContext) => consoleCall(ctx, { method: "GET", path: "/v1/console/bulk/jobs", schema: bulkJobListResponse });
export const cancelBulkJob = (ctx: ConsoleContext, id: string, reason: string) =>
  consoleCall(ctx, { method: "POST", path: `/v1/console/bulk/jobs/${encodeURIComponent(id)}/cancel`, body: { reason }, schema: bulkJob });
