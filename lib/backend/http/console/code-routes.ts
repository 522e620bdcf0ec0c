import { createRoute } from "@hono/zod-openapi";
import {
  batchListResponse,
  codeInfo,
  codeLookupRequest,
  codeRevokeRequest,
  codeRevokeResponse,
  createBatchRequest,
  createBatchResponse,
  downloadBatchRequest,
  downloadBatchResponse,
  pageQuery,
} from "@/lib/contract/console/screens-api";
import { audit } from "../../services/console/audit";
import { createCodeBatch, downloadBatchCsv, listCodeBatches, lookupCode, revokeCode } from "../../services/console/codes";
import { ConsoleError, pageNumber } from "../../services/console/input";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";
import { consoleCaller } from "./guard";
import { consoleChange, consoleRead, consoleRefusal } from "./action";
import { OPERATOR } from "./session-routes";

/**
 * Redemption codes: batches listed for every operator; made, downloaded once and revoked by
 * admins. A code and a download token travel in bodies (POST), never in an address.
 */
const tags = ["console"];

export function consoleCodeRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/console/codes/batches", tags, summary: "Batches, newest first, with their codes counted by state", security: OPERATOR, request: { query: pageQuery }, responses: ok(batchListResponse) }),
    async (c) => reply(c, await consoleRead(c, () => listCodeBatches(pageNumber(c.req.valid("query").page)))),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/codes/batches", tags, summary: "Create a batch; answers a one-time download token (15 min)", security: OPERATOR, request: { body: json(createBatchRequest) }, responses: ok(createBatchResponse) }),
    async (c) => {
      const input = c.req.valid("json");
      const batch = await consoleChange(
        c,
        { action: "codes.create-batch", reason: input.reason, target: (result) => ({ type: "code-batch", id: result.batchId }), detail: (result) => ({ size: result.size, benefit: input.benefitEn, validUntil: input.validUntil }) },
        () => createCodeBatch(input),
      );
      return reply(c, batch);
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/codes/download", tags, summary: "A batch's CSV, once, for its download token", security: OPERATOR, request: { body: json(downloadBatchRequest) }, responses: ok(downloadBatchResponse) }),
    async (c) => {
      const caller = consoleCaller(c);
      try {
        const result = await downloadBatchCsv(c.req.valid("json").token);
        await audit(caller.actor, "codes.download", { type: "code-batch", id: result.batchId }, null, "ok");
        return reply(c, result);
      } catch (error) {
        if (!(error instanceof ConsoleError)) throw error;
        await audit(caller.actor, "codes.download", null, null, "failed", { why: error.key });
        throw consoleRefusal(error);
      }
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/codes/lookup", tags, summary: "Look a code up: its batch, state and who redeemed it", security: OPERATOR, request: { body: json(codeLookupRequest) }, responses: ok(codeInfo) }),
    async (c) => reply(c, await consoleRead(c, () => lookupCode(c.req.valid("json").code))),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/console/codes/revoke", tags, summary: "Revoke an unused code (a redeemed one keeps its state)", security: OPERATOR, request: { body: json(codeRevokeRequest) }, responses: ok(codeRevokeResponse) }),
    async (c) => {
      const input = c.req.valid("json");
      const result = await consoleChange(
        c,
        // the audit names the code's batch, never the code
        { action: "codes.revoke", reason: input.reason, target: (done) => ({ type: "code-batch", id: done.batchId }), detail: (done) => ({ revoked: done.revoked, state: done.status }) },
        async () => {
          const info = await lookupCode(input.code);
          return { ...(await revokeCode(input.code)), batchId: info.batchId };
        },
      );
      return reply(c, { revoked: result.revoked, status: result.status });
    },
  );
}
