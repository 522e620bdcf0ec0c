import { createRoute, z } from "@hono/zod-openapi";
import { bulkCancelRequest, bulkCreateRequest, bulkJob, bulkJobListResponse, bulkPreviewRequest, bulkPreviewResponse } from "@/lib/contract/console/bulk";
import { cancelBulkJob, createBulkJob, listBulkJobs, previewBulk } from "../../services/console/bulk-jobs";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";
import { consoleChange, consoleRead } from "./action";
import { consoleCaller } from "./guard";
import { OPERATOR } from "./session-routes";

/**
 * Bulk jobs over users (admins; docs/operators.md "Bulk jobs"). Making a job writes its one audit
 * row (`users.bulk`: kind, count, the selection's kind, the reason) in the job's own transaction;
 * the runner's per-account actions add none (services/console/bulk-runner.ts says why).
 */
const tags = ["console"];

export function consoleBulkRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "post", path: "/v1/console/bulk/preview", tags, summary: "How many accounts a selection holds and the first ones' emails", security: OPERATOR, request: { body: json(bulkPreviewRequest) }, responses: ok(bulkPreviewResponse) }),
    async (c) => reply(c, await consoleRead(c, () => previewBulk(c.req.valid("json").selection))),
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/console/bulk/jobs", tags, summary: "The newest bulk jobs with their progress", security: OPERATOR, responses: ok(bulkJobListResponse) }),
    async (c) => reply(c, { jobs: await consoleRead(c, () => listBulkJobs()) }),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/bulk/jobs", tags, summary: "Make a bulk job (at most 10 000 accounts from the console)", security: OPERATOR, request: { body: json(bulkCreateRequest) }, responses: ok(bulkJob) }),
    async (c) => {
      const input = c.req.valid("json");
      const who = consoleCaller(c).actor;
      const job = await consoleChange(
        c,
        {
          action: "users.bulk",
          reason: input.reason,
          target: (result) => ({ type: "bulk-job", id: result.id }),
          detail: (result) => ({ kind: result.kind, count: result.total, selection: "ids" in input.selection ? "ids" : "search" }),
          attempted: { kind: input.kind, selection: "ids" in input.selection ? "ids" : "search" },
        },
        () => createBulkJob({ kind: input.kind, selection: input.selection, reason: input.reason, message: input.message, who }),
      );
      return reply(c, job);
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/bulk/jobs/{id}/cancel", tags, summary: "Cancel a queued or running bulk job", security: OPERATOR, request: { params: z.object({ id: z.uuid() }), body: json(bulkCancelRequest) }, responses: ok(bulkJob) }),
    async (c) => {
      const { id } = c.req.valid("param");
      const job = await consoleChange(
        c,
        { action: "users.bulk-cancel", reason: c.req.valid("json").reason, target: () => ({ type: "bulk-job", id }), detail: (result) => ({ kind: result.kind, done: result.done, failed: result.failed, total: result.total }) },
        () => cancelBulkJob(id),
      );
      return reply(c, job);
    },
  );
}
