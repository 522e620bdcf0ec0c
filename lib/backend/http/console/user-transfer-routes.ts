import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { BulkSelection } from "@/lib/contract/console/bulk";
import { exportSelection, importQuery, importReport, userExportBody, userExportQuery, type ExportFormat } from "@/lib/contract/console/user-transfer";
import { ErrorCode, ServiceError } from "../../errors";
import { audited } from "../../services/console/audited";
import { auditedExport } from "../../services/user-transfer/export-audited";
import { importAuditDetail, importUsers } from "../../services/user-transfer/import";
import type { ServicesApp, ServicesEnv } from "../env";
import { NO_STORE, reply } from "../envelope";
import { ok } from "../openapi";
import { consoleCaller } from "./guard";
import { OPERATOR } from "./session-routes";

/**
 * Users out and in (docs/import-export.md), admins only. Registered before the user routes, so
 * /v1/console/users/export is never taken for a user id. The export streams page by page
 * (services/user-transfer/export.ts): a million rows never sit in memory. The import's body is
 * the file itself (text/csv or application/json), read through its own streaming limit
 * (http/limits.ts: 21101 over IMPORT_MAX_BYTES). The export by chosen ids has a POST form too, its
 * ids in the body (JSON or a form), for more of them than an address holds.
 */
const tags = ["console"];

function byteStream(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    // a download stopped half way still reaches the export's audit row (as failed)
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The export's answer: the file as it streams (the selection resolved before, by auditedExport). */
async function exportResponse(c: Context<ServicesEnv>, selection: BulkSelection, format: ExportFormat): Promise<Response> {
  // the selection is resolved before the response starts: a refused filter is a 400, not a cut file
  const chunks = await auditedExport(consoleCaller(c).actor, "users.export", selection, format);
  const type = format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8";
  return new Response(byteStream(chunks), { status: 200, headers: { ...NO_STORE, "content-type": type, "content-disposition": `attachment; filename="users.${format}"` } });
}

const FILE_RESPONSES = { 200: { content: { "text/csv": { schema: { type: "string" as const } }, "application/json": { schema: { type: "string" as const } } }, description: "The users, in id order" } };
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** The file as the body itself, or as the `file` field of a form (the console's upload). */
async function fileText(request: Request): Promise<string> {
  if (!(request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) return request.text();
  const file = (await request.formData().catch(() => null))?.get("file");
  if (!(file instanceof File)) throw new ServiceError(ErrorCode.importMalformed);
  return file.text();
}

export function consoleUserTransferRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/console/users/export",
      tags,
      summary: "Export users as CSV or JSON (streamed; no secrets): a users search's filters or chosen ids, as bulk work takes them",
      security: OPERATOR,
      request: { query: userExportQuery },
      responses: FILE_RESPONSES,
    }),
    async (c) => {
      const query = c.req.valid("query");
      return exportResponse(c, exportSelection(query), query.format);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/console/users/export",
      tags,
      summary: "Export chosen users as CSV or JSON, their ids (at most 10 000) in the body: a JSON object or a form",
      security: OPERATOR,
      // not `required`: each declared type is checked when it is the one sent; a body of neither is refused below
      request: { body: { content: { "application/json": { schema: userExportBody }, "application/x-www-form-urlencoded": { schema: userExportBody }, "multipart/form-data": { schema: userExportBody } }, required: false } },
      responses: FILE_RESPONSES,
    }),
    async (c) => {
      const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      const body = type === "application/json" ? c.req.valid("json") : FORM_TYPES.includes(type) ? c.req.valid("form") : null;
      if (!body) throw new ServiceError(ErrorCode.invalidParams, { fields: ["ids"] });
      return exportResponse(c, { ids: body.ids }, body.format);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/console/users/import",
      tags,
      summary: "Import users from CSV or JSON: a dry run reports every bad row; the run skips existing emails",
      security: OPERATOR,
      request: { query: importQuery },
      responses: ok(importReport),
    }),
    async (c) => {
      const { dryRun, format, reason } = c.req.valid("query");
      const text = await fileText(c.req.raw);
      if (dryRun) return reply(c, await importUsers(text, { dryRun, format }));
      // a run that writes says why, as every console action does
      if (!reason) throw new ServiceError(ErrorCode.invalidParams, { fields: ["reason"] });
      const entry = { action: "users.import", target: null, reason: reason ?? null };
      return reply(
        c,
        await audited(consoleCaller(c).actor, entry, async () => {
          const report = await importUsers(text, { dryRun, format });
          return { result: report, detail: importAuditDetail(report) };
        }),
      );
    },
  );
}
