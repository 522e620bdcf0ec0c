import { createRoute, z } from "@hono/zod-openapi";
import {
  aliyunVerifyRequest,
  altchaChallengeResponse,
  googleVerifyRequest,
  powVerifyRequest,
  verificationConfigResponse,
  verificationSceneSchema,
  verificationTicketResponse,
} from "@/lib/contract/verification";
import { emailField } from "@/lib/contract/fields";
import { publicVerificationConfig } from "../../captcha";
import { altchaChallenge, exchangeForTicket } from "../../services/verification";
import type { ServicesApp } from "../env";
import { reply } from "../envelope";
import { json, ok } from "../openapi";

/** Human verification: which provider, ALTCHA challenges, and tickets for passed verifications. */
const tags = ["human verification"];
const challengeQuery = z.object({ scene: verificationSceneSchema, email: emailField });

export function verificationRoutes(app: ServicesApp): void {
  app.openapi(
    createRoute({ method: "get", path: "/v1/verify/config", tags, summary: "The provider the services expect and its public keys", responses: ok(verificationConfigResponse) }),
    async (c) => reply(c, publicVerificationConfig()),
  );

  app.openapi(
    createRoute({ method: "get", path: "/v1/verify/challenge", tags, summary: "A proof-of-work challenge (ALTCHA) for a scene and email", request: { query: challengeQuery }, responses: ok(altchaChallengeResponse) }),
    async (c) => reply(c, await altchaChallenge(c.req.valid("query"), c.var.client.ip)),
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/verify/pow", tags, summary: "Exchange a solved challenge for a ticket", request: { body: json(powVerifyRequest) }, responses: ok(verificationTicketResponse) }),
    async (c) => {
      const body = c.req.valid("json");
      return reply(c, await exchangeForTicket("altcha", { scene: body.scene, email: body.email, proof: body.payload, ip: c.var.client.ip }));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v1/verify/ncdata/google", tags, summary: "Exchange a reCAPTCHA token for a ticket", request: { body: json(googleVerifyRequest) }, responses: ok(verificationTicketResponse) }),
    async (c) => {
      const body = c.req.valid("json");
      return reply(c, await exchangeForTicket("recaptcha", { scene: body.scene, email: body.email, proof: body.token, ip: c.var.client.ip }));
    },
  );

  app.openapi(
    createRoute({ method: "post", path: "/v2/verify/ncdata", tags, summary: "Exchange an Aliyun nvc value (scene nvc_login) for a ticket", request: { body: json(aliyunVerifyRequest) }, responses: ok(verificationTicketResponse) }),
    async (c) => {
      const body = c.req.valid("json");
      return reply(c, await exchangeForTicket("aliyun", { scene: body.scene, email: body.email, proof: body.nvc, ip: c.var.client.ip }));
    },
  );
}
