import { z } from "zod";
import {
  aliyunVerifyRequest,
  googleVerifyRequest,
  powVerifyRequest,
  verificationSceneSchema,
} from "@/lib/contract/verification";
import { emailField } from "@/lib/contract/fields";
import { publicVerificationConfig } from "../../captcha";
import { altchaChallenge, exchangeForTicket } from "../../services/verification";
import { readBody, readQuery } from "../context";
import type { Route } from "../types";

/** Human verification: which provider, ALTCHA challenges, and tickets for passed verifications. */
const challengeQuery = z.object({ scene: verificationSceneSchema, email: emailField });

export const verificationRoutes: Route[] = [
  {
    method: "GET",
    path: "/v1/verify/config",
    handler: async () => publicVerificationConfig(),
  },
  {
    method: "GET",
    path: "/v1/verify/challenge",
    handler: async (ctx) => altchaChallenge(readQuery(ctx, challengeQuery)),
  },
  {
    method: "POST",
    path: "/v1/verify/pow",
    handler: async (ctx) => {
      const body = await readBody(ctx, powVerifyRequest);
      return exchangeForTicket("altcha", { scene: body.scene, email: body.email, proof: body.payload, ip: ctx.client.ip });
    },
  },
  {
    method: "POST",
    path: "/v1/verify/ncdata/google",
    handler: async (ctx) => {
      const body = await readBody(ctx, googleVerifyRequest);
      return exchangeForTicket("recaptcha", { scene: body.scene, email: body.email, proof: body.token, ip: ctx.client.ip });
    },
  },
  {
    method: "POST",
    path: "/v2/verify/ncdata",
    handler: async (ctx) => {
      const body = await readBody(ctx, aliyunVerifyRequest);
      return exchangeForTicket("aliyun", { scene: body.scene, email: body.email, proof: body.nvc, ip: ctx.client.ip });
    },
  },
];
