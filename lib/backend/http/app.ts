import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { ErrorCode } from "@/lib/contract/errors";
import { PASSPORT_VERSION } from "@/lib/contract/headers";
import { OPERATOR_TOKEN_HEADER } from "@/lib/contract/console/roles";
import { ServiceError } from "../errors";
import { isDatabaseUnavailable } from "../db/errors";
import { describeFault, log } from "../log";
import { singleton } from "../singleton";
import { describeClient, sessionToken } from "./client";
import { callerLang, failure } from "./envelope";
import type { ServicesApp, ServicesEnv } from "./env";
import { limitBody } from "./limits";
import { consoleRoutes } from "./console";
import { analyticsRoutes } from "./routes/analytics";
import { cookieRoutes } from "./routes/cookie";
import { enterpriseRoutes } from "./routes/enterprise";
import { exchangeRoutes } from "./routes/exchange";
import { messageRoutes } from "./routes/messages";
import { appAccessRoutes } from "./routes/app-access";
import { passkeyRoutes } from "./routes/passkeys";
import { passportRoutes } from "./routes/passport";
import { profileRoutes } from "./routes/profile";
import { safetyRoutes } from "./routes/safety";
import { securityRoutes } from "./routes/security";
import { stepUpRoutes } from "./routes/step-up";
import { twoStepRoutes } from "./routes/two-step";
import { socialRoutes } from "./routes/social";
import { verificationRoutes } from "./routes/verification";
import { welderRoutes } from "./routes/welder";

/**
 * The reference services: one Hono app answering at the contract's paths (/v1/**, /v2/**).
 * Mounted by the app/v1 and app/v2 route handlers of the portal's Next app, and served alone
 * by `npm run services`. Every route declares its request and response schemas from
 * lib/contract; GET /v1/openapi.json publishes them.
 */
export type { ServicesApp } from "./env";

/** Aborted by the client (a closed tab, a cancelled upload): not a fault of ours. */
function isClientAbort(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === "AbortError" || code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE" || (error instanceof Error && error.message === "aborted");
}

function fieldsOf(issues: readonly { path: readonly PropertyKey[]; keys?: readonly string[] }[], where: string): string[] {
  // a field the schema does not have (a strict object) is named as the field it is
  return [...new Set(issues.flatMap((issue) => (issue.keys?.length ? issue.keys.map((key) => [...issue.path, key]) : [issue.path]).map((path) => path.map(String).join(".") || where)))];
}

export function createServicesApp(): ServicesApp {
  const app: ServicesApp = new OpenAPIHono<ServicesEnv>({
    // A request that fails its schema: 10001 naming only the failing fields (never their values).
    defaultHook: (result, c) => {
      if (result.success) return;
      return failure(ErrorCode.invalidParams, { fields: fieldsOf(result.error.issues, `(${result.target})`) }, undefined, callerLang(c));
    },
  });

  app.use(requestId({ headerName: "x-request-id", limitLength: 64 }));
  app.use(async (c, next) => {
    const started = performance.now();
    const client = describeClient(c.req.raw.headers, c.env);
    c.set("lang", client.lang);
    c.set("client", client);
    c.set("token", sessionToken(c.req.raw.headers));
    await next();
    log().info(
      { reqId: c.var.requestId, method: c.req.method, route: c.req.routePath, status: c.res.status, ms: Math.round(performance.now() - started) },
      "request",
    );
  });
  app.use(limitBody);

  for (const routes of [passportRoutes, enterpriseRoutes, verificationRoutes, profileRoutes, securityRoutes, stepUpRoutes, twoStepRoutes, socialRoutes, cookieRoutes]) routes(app);
  for (const routes of [exchangeRoutes, safetyRoutes, welderRoutes, messageRoutes, analyticsRoutes, passkeyRoutes, appAccessRoutes]) routes(app);
  consoleRoutes(app);

  app.openAPIRegistry.registerComponent("securitySchemes", "utoken", { type: "apiKey", in: "header", name: "utoken" });
  app.openAPIRegistry.registerComponent("securitySchemes", "operatorToken", { type: "apiKey", in: "header", name: OPERATOR_TOKEN_HEADER });
  app.doc31("/v1/openapi.json", {
    openapi: "3.1.0",
    info: {
      title: "Passport reference services",
      version: PASSPORT_VERSION,
      description:
        "The upstream contract of the passport portal. Every answer is an envelope {code, data?, message?}: code 0 is success; any other code comes with its HTTP status (see lib/contract/errors.ts).",
    },
  });

  app.notFound((c) => failure(ErrorCode.notFound, undefined, undefined, callerLang(c)));
  app.onError((error, c) => {
    // every failure's message is in the caller's language (lib/contract/error-messages.ts)
    const lang = callerLang(c);
    if (error instanceof ServiceError) return failure(error.code, error.data, error.publicMessage, lang);
    // the caller went away while its body was read (a closed tab, a cancelled upload): whatever
    // the reading threw (hono reports it as a malformed body), it is no fault of ours
    if (c.req.raw.signal.aborted || isClientAbort(error)) {
      log().warn({ reqId: c.var.requestId, route: c.req.routePath, status: 499 }, "client closed the request");
      return failure(ErrorCode.invalidParams, undefined, undefined, lang);
    }
    if (error instanceof HTTPException) {
      // hono's own refusals: a body over the limit (413) or unparsable JSON (400)
      if (error.status === 413) return failure(ErrorCode.informationOutOfLimit, undefined, undefined, lang);
      if (error.status < 500) return failure(ErrorCode.invalidParams, undefined, undefined, lang);
    }
    if (isDatabaseUnavailable(error)) {
      // an outage, not a bug: one line with the driver's code and no stack (describeFault), and
      // the caller is told to try later
      log().error({ reqId: c.var.requestId, method: c.req.method, route: c.req.routePath, err: describeFault(error) }, "database unavailable");
      return failure(ErrorCode.serviceUnavailable, undefined, undefined, lang);
    }
    log().error({ reqId: c.var.requestId, method: c.req.method, route: c.req.routePath, err: describeFault(error) }, "unexpected error");
    return failure(ErrorCode.systemError, undefined, undefined, lang);
  });
  return app;
}

/** The one app of this process. */
export function servicesApp(): ServicesApp {
  return singleton("servicesApp", createServicesApp);
}
