import { createRoute } from "@hono/zod-openapi";
import {
  snHistoryQuery,
  snHistoryResponse,
  snPasswordRequest,
  snPasswordResponse,
  welderFinishRequest,
  welderFinishResponse,
  welderProgressRequest,
  welderProgressResponse,
  welderStartResponse,
  welderStateResponse,
} from "@/lib/contract/safety";
import { authenticate } from "../../services/sessions";
import { snPasswordHistory } from "../../services/sn-password-issues";
import { finishViewing, generateSnPassword, reportProgress, startViewing, welderState } from "../../services/welder";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok, SESSION } from "../openapi";

/** The laser welder video, watched under the server's clock, and the SN passwords it unlocks. */
const tags = ["laser welder training"];

export function welderRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/safety/welder", tags, summary: "The video and whether the user watched it in full", security: SESSION, responses: ok(welderStateResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await welderState(user));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/safety/welder/start", tags, summary: "Start a viewing (a previous unfinished one is abandoned)", security: SESSION, responses: ok(welderStartResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await startViewing(user));
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/safety/welder/progress",
      tags,
      summary: "Report the position; one ahead of the time that has passed is refused (20506)",
      security: SESSION,
      request: { body: json(welderProgressRequest) },
      responses: ok(welderProgressResponse),
    }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await reportProgress(user, c.req.valid("json")));
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/safety/welder/finish",
      tags,
      summary: "Finish the viewing: the whole length must have been reported and have elapsed (else 20506)",
      security: SESSION,
      request: { body: json(welderFinishRequest) },
      responses: ok(welderFinishResponse),
    }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await finishViewing(user, c.req.valid("json")));
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/safety/welder/password",
      tags,
      summary:
        "A device's unlock password for its SN and light source; only after a finished viewing (20503); SN errors 20504, 20505; new devices over the 24-hour budget of the account or the address 20507; too many requests 10004",
      security: SESSION,
      request: { body: json(snPasswordRequest) },
      responses: ok(snPasswordResponse),
    }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await generateSnPassword(user, { ...c.req.valid("json"), ip: c.var.client.ip }));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/v1/safety/welder/passwords",
      tags,
      summary: "The SN passwords issued to the user (SN, light source, when), newest first, and the account's budget of new devices",
      security: SESSION,
      request: { query: snHistoryQuery },
      responses: ok(snHistoryResponse),
    }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await snPasswordHistory(user, c.req.valid("query")));
    },
  );
}
