import { createRoute, z } from "@hono/zod-openapi";
import {
  completedQuery,
  completedRequest,
  completedResponse,
  DEVICE_KEY_HEADER,
  deviceOwnershipRequest,
  deviceOwnershipResponse,
  prizeInfoResponse,
  prizePdfQuery,
  startTrainingRequest,
  startTrainingResponse,
} from "@/lib/contract/safety";
import { getConfig } from "../../config";
import { sameSecret } from "../../crypto";
import { ErrorCode, ServiceError } from "../../errors";
import { certificatePdf } from "../../services/certificate";
import { completeCourse, prizeInfo, setDeviceOwnership, startCourse, userByEmailOrId } from "../../services/safety";
import { authenticate } from "../../services/sessions";
import type { ServicesApp } from "../env";
import { NO_STORE, reply } from "../envelope";
import { json, ok, SESSION } from "../openapi";

/** Pre-use safety training (user service): prize info, the course's certificate, the device side's ownership call. */
const tags = ["safety training"];

/** The device side's key (SAFETY_DEVICE_API_KEY); without one configured the call is refused. */
function assertDeviceKey(presented: string | undefined): void {
  const expected = getConfig().safetyDeviceApiKey;
  if (!expected || !presented || !sameSecret(presented, expected)) throw new ServiceError(ErrorCode.insufficientAuthority);
}

export function safetyRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/safety/getPrizeInfo", tags, summary: "Which devices the user has and which trainings are completed", security: SESSION, responses: ok(prizeInfoResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await prizeInfo(user));
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/v1/safety/start",
      tags,
      summary: "Start a course: its certificate id (the same one until it is completed)",
      security: SESSION,
      request: { body: json(startTrainingRequest) },
      responses: ok(startTrainingResponse),
    }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await startCourse(user, c.req.valid("json").course));
    },
  );

  app.openapi(
    createRoute({
      method: "patch",
      path: "/v1/safety/completed",
      tags,
      summary: "Complete the course of this certificate id (body and query must name the same one)",
      security: SESSION,
      request: { query: completedQuery, body: json(completedRequest) },
      responses: ok(completedResponse),
    }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      const { certId } = c.req.valid("json");
      if (certId !== c.req.valid("query").certId) throw new ServiceError(ErrorCode.invalidParams, { fields: ["certId"] });
      return reply(c, await completeCourse(user, certId));
    },
  );

  app.get("/v1/safety/getPrizePDF", async (c) => {
    const { user } = await authenticate(c.var.token);
    const query = prizePdfQuery.safeParse({ certId: c.req.query("certId") });
    if (!query.success) throw new ServiceError(ErrorCode.invalidParams, { fields: ["certId"] });
    const pdf = await certificatePdf(user, query.data.certId, c.var.lang);
    return new Response(new Uint8Array(pdf.bytes), {
      headers: { ...NO_STORE, "content-type": "application/pdf", "content-disposition": `attachment; filename="${pdf.fileName}"` },
    });
  });
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/v1/safety/getPrizePDF",
    tags,
    summary: "The certificate of a completed course as a PDF, in the lang header's language (20502 when not completed)",
    security: SESSION,
    request: { query: prizePdfQuery },
    responses: { 200: { description: "The certificate", content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } } } },
  });

  app.openapi(
    createRoute({
      method: "put",
      path: "/v1/safety/devices",
      tags,
      summary: `The device side says which devices a user has (header ${DEVICE_KEY_HEADER}: SAFETY_DEVICE_API_KEY)`,
      request: { headers: z.object({ [DEVICE_KEY_HEADER]: z.string().max(512).optional() }), body: json(deviceOwnershipRequest) },
      responses: ok(deviceOwnershipResponse),
    }),
    async (c) => {
      assertDeviceKey(c.req.valid("header")[DEVICE_KEY_HEADER]);
      const body = c.req.valid("json");
      const user = await userByEmailOrId(body);
      return reply(c, { uid: user.id, ...(await setDeviceOwnership(user.id, { laser: body.laser, printer: body.printer })) });
    },
  );
}
