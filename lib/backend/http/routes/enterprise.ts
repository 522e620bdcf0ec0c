import { enterpriseLoginRequest, enterprisePasswordRequest, enterpriseVerifyAccountRequest } from "@/lib/contract/passport";
import { changeEnterprisePassword, enterpriseLogin, verifyEnterpriseAccount } from "../../services/enterprise-auth";
import { authenticate } from "../../services/sessions";
import { readBody } from "../context";
import type { Route } from "../types";

/** Enterprise sign-in: account lookup, login, and changing the (default) password. */
export const enterpriseRoutes: Route[] = [
  {
    method: "POST",
    path: "/v1/enterprise/verify/account",
    handler: async (ctx) => verifyEnterpriseAccount((await readBody(ctx, enterpriseVerifyAccountRequest)).account, ctx.client),
  },
  {
    method: "POST",
    path: "/v1/enterprise/login",
    handler: async (ctx) => enterpriseLogin(await readBody(ctx, enterpriseLoginRequest), ctx.client),
  },
  {
    method: "PATCH",
    path: "/v1/enterprise/password",
    handler: async (ctx) => {
      const current = await authenticate(ctx.token);
      await changeEnterprisePassword(current, await readBody(ctx, enterprisePasswordRequest));
      return {};
    },
  },
];
