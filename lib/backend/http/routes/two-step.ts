import { createRoute, z } from "@hono/zod-openapi";
import { sessionResponse } from "@/lib/contract/passport";
import {
  recoveryCodesResponse,
  totpConfirmRequest,
  totpSetupResponse,
  stepUpTotpRequest,
  twoStepLoginRequest,
  twoStepStatusResponse,
} from "@/lib/contract/two-step";
import { stepUpResponse } from "@/lib/contract/step-up";
import { authenticate } from "../../services/sessions";
import { confirmTotpSetup, proveStepUpWithTotp, renewRecoveryCodes, startTotpSetup, turnOffTwoStep, twoStepStatus } from "../../services/two-step";
import { finishSecondStep } from "../../services/two-step-sign-in";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok, optionalJson, SESSION } from "../openapi";

/** Two-step sign-in: the second step of a held sign-in, and the account's authenticator and recovery codes. */
const tags = ["two-step"];
const empty = z.object({});

export function twoStepRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "post", path: "/v1/login/two-step", tags: ["sign-in"], summary: "Finish a sign-in held for its second step (20901) with an authenticator or recovery code", request: { body: json(twoStepLoginRequest) }, responses: ok(sessionResponse) }),
    async (c) => reply(c, await finishSecondStep(c.req.valid("json"), c.var.client)),
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/user/two-step", tags, summary: "Whether two-step sign-in is on, and the unused recovery codes", security: SESSION, responses: ok(twoStepStatusResponse) }),
    async (c) => reply(c, await twoStepStatus((await authenticate(c.var.token)).user)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/two-step/totp", tags, summary: "Start an authenticator setup: a new secret, shown once", security: SESSION, request: { body: optionalJson(empty) }, responses: ok(totpSetupResponse) }),
    async (c) => reply(c, await startTotpSetup((await authenticate(c.var.token)).user)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/two-step/totp/confirm", tags, summary: "The app's first code: two-step on, ten recovery codes shown once", security: SESSION, request: { body: json(totpConfirmRequest) }, responses: ok(recoveryCodesResponse) }),
    async (c) => {
      const { user } = await authenticate(c.var.token);
      return reply(c, await confirmTotpSetup(user, c.req.valid("json").code, c.var.client));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/two-step/off", tags, summary: "Turn two-step off (a recent step-up proof: 20113 without one)", security: SESSION, request: { body: optionalJson(empty) }, responses: ok(twoStepStatusResponse) }),
    async (c) => {
      const current = await authenticate(c.var.token);
      return reply(c, await turnOffTwoStep(current, c.var.client));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/two-step/recovery-codes", tags, summary: "Ten new recovery codes, the old ones stop working (a recent step-up proof: 20113 without one)", security: SESSION, request: { body: optionalJson(empty) }, responses: ok(recoveryCodesResponse) }),
    async (c) => {
      const current = await authenticate(c.var.token);
      return reply(c, await renewRecoveryCodes(current, c.var.client));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/user/step-up/totp", tags: ["security"], summary: "Prove it is you with an authenticator code (two-step on)", security: SESSION, request: { body: json(stepUpTotpRequest) }, responses: ok(stepUpResponse) }),
    async (c) => reply(c, await proveStepUpWithTotp(await authenticate(c.var.token), c.req.valid("json").code)),
  );
}
