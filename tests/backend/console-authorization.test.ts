import { CONSOLE_API_ROUTES, type ConsoleApiRoute } from "@/lib/contract/console/routes";
import { OPERATOR_ROLES, roleAllows, type OperatorRole } from "@/lib/contract/console/roles";
import { servicesApp } from "@/lib/backend/http/app";
import { findOperatorByEmail } from "@/lib/backend/services/console/operators";
import { call, OPEN_TIMEOUT, registerUser, startBackend, stopBackend } from "./support/harness";
import { isScreenRoute, newOperator, operatorHeaders, sessionOf, type TestOperator } from "./support/console";

/**
 * Every console route × {no session, a consumer's token, viewer, support, admin}: 401 without an
 * operator session, 403 (audited as refused) below the route's role, 200 from its role up. The
 * routes come from THE registry (lib/contract/console/routes.ts); a route added there without a
 * sample request here fails this test, and so does a /v1/console route the app serves that the
 * registry does not list.
 */
beforeAll(async () => {
  await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

type Sample = { path: string; body?: unknown };
/** `caller`: the operator making the request, for a route about their own account. */
type Samples = Record<string, (caller?: TestOperator) => Promise<Sample>>;

let userCount = 0;
async function freshUser(): Promise<string> {
  return (await registerUser(`matrix-${++userCount}@console.test`)).uid;
}

/** An account made in the database (registrations here would reach the per-address code limit). */
async function madeUser(): Promise<string> {
  const { createUser } = await import("@/lib/backend/services/users");
  return (await createUser({ email: `matrix-${++userCount}@console.test`, passwordHash: "not-a-hash" })).id;
}

/** One request per route that succeeds for a caller allowed to make it (fresh targets where it changes something). */
const SAMPLES: Samples = {
  "get /v1/console/session": async () => ({ path: "/v1/console/session" }),
  "delete /v1/console/session": async () => ({ path: "/v1/console/session" }),
  "post /v1/console/session/password": async (caller) => ({ path: "/v1/console/session/password", body: { current: caller?.password ?? "not-the-password", next: "a new long operator password" } }),
  "get /v1/console/users": async () => ({ path: "/v1/console/users?by=email&q=matrix" }),
  "get /v1/console/users/export": async () => ({ path: "/v1/console/users/export?by=email&q=matrix" }),
  "post /v1/console/users/export": async () => ({ path: "/v1/console/users/export", body: { format: "json", ids: [await madeUser()] } }),
  "post /v1/console/users/import": async () => ({ path: "/v1/console/users/import?dryRun=true", body: { users: [] } }),
  "post /v1/console/bulk/preview": async () => ({ path: "/v1/console/bulk/preview", body: { selection: { search: { by: "email", q: "matrix" } } } }),
  "get /v1/console/bulk/jobs": async () => ({ path: "/v1/console/bulk/jobs" }),
  "post /v1/console/bulk/jobs": async () => ({ path: "/v1/console/bulk/jobs", body: { kind: "unban", selection: { ids: [await madeUser()] }, reason: "matrix test" } }),
  "post /v1/console/bulk/jobs/{id}/cancel": async () => {
    const { createBulkJob } = await import("@/lib/backend/services/console/bulk-jobs");
    const job = await createBulkJob({ kind: "unban", selection: { ids: [await madeUser()] }, reason: "matrix test", who: { operatorId: null, actor: "cli", ip: null } });
    return { path: `/v1/console/bulk/jobs/${job.id}/cancel`, body: { reason: "matrix test" } };
  },
  "get /v1/console/users/{id}": async () => ({ path: `/v1/console/users/${await freshUser()}` }),
  "get /v1/console/users/{id}/activity": async () => ({ path: `/v1/console/users/${await freshUser()}/activity` }),
  "post /v1/console/users/{id}/status": async () => ({ path: `/v1/console/users/${await freshUser()}/status`, body: { status: "banned", reason: "matrix test" } }),
  "post /v1/console/users/{id}/sessions/end": async () => ({ path: `/v1/console/users/${await freshUser()}/sessions/end`, body: { reason: "matrix test" } }),
  "post /v1/console/users/{id}/two-step/reset": async () => {
    // made in the database, not registered: registrations here would reach the per-address code limit
    const { createUser } = await import("@/lib/backend/services/users");
    const { getDb } = await import("@/lib/backend/db/client");
    const { twoStepTotp } = await import("@/lib/backend/db/schema");
    const user = await createUser({ email: `matrix-${++userCount}@console.test`, passwordHash: "not-a-hash" });
    await (await getDb()).insert(twoStepTotp).values({ userId: user.id, secretEnc: "not-a-secret", confirmedAt: new Date(), createdAt: new Date() });
    return { path: `/v1/console/users/${user.id}/two-step/reset`, body: { reason: "matrix test" } };
  },
  "post /v1/console/users/{id}/social/disconnect": async () => {
    const uid = await freshUser();
    const { getDb } = await import("@/lib/backend/db/client");
    const { socialAccounts } = await import("@/lib/backend/db/schema");
    await (await getDb()).insert(socialAccounts).values({ userId: uid, channel: "google", subject: `matrix-${uid}`, createdAt: new Date() });
    return { path: `/v1/console/users/${uid}/social/disconnect`, body: { channel: "google", reason: "matrix test" } };
  },
  "post /v1/console/users/{id}/password-reset": async () => ({ path: `/v1/console/users/${await freshUser()}/password-reset`, body: { reason: "matrix test" } }),
  "post /v1/console/users/{id}/delete": async () => ({ path: `/v1/console/users/${await freshUser()}/delete`, body: { reason: "matrix test" } }),
  "get /v1/console/audit": async () => ({ path: "/v1/console/audit?action=console.refused" }),
  "get /v1/console/audit/export": async () => ({ path: "/v1/console/audit/export" }),
  "post /v1/console/refusals": async () => ({ path: "/v1/console/refusals", body: { screen: "operators" } }),
  "get /v1/console/operators": async () => ({ path: "/v1/console/operators" }),
  "post /v1/console/operators": async () => ({ path: "/v1/console/operators", body: { email: `made-${++userCount}@console.test`, name: "Made", role: "viewer", reason: "matrix test" } }),
  "patch /v1/console/operators/{id}": async () => {
    const target = await newOperator("viewer");
    const row = await findOperatorByEmail(target.email);
    return { path: `/v1/console/operators/${row?.id}`, body: { role: "support", reason: "matrix test" } };
  },
  "post /v1/console/operators/{id}/reset-password": async () => {
    const row = await findOperatorByEmail((await newOperator("viewer")).email);
    return { path: `/v1/console/operators/${row?.id}/reset-password`, body: { reason: "matrix test" } };
  },
  "post /v1/console/operators/{id}/reset-authenticator": async () => {
    const row = await findOperatorByEmail((await newOperator("viewer")).email);
    return { path: `/v1/console/operators/${row?.id}/reset-authenticator`, body: { reason: "matrix test" } };
  },
};

const keyOf = (route: ConsoleApiRoute) => `${route.method} ${route.path}`;

// one consumer for every route's 401 check: a registration per route would reach the per-address code limit
let signedInConsumer: Promise<{ utoken: string }> | null = null;
const consumer = () => (signedInConsumer ??= registerUser("consumer@console.test"));

async function request(route: ConsoleApiRoute, headers: Record<string, string>, caller?: TestOperator): Promise<number> {
  const sample = await SAMPLES[keyOf(route)]?.(caller);
  if (!sample) throw new Error(`no sample request for ${keyOf(route)}`);
  const response = await servicesApp().fetch(
    new Request(`http://localhost:3000${sample.path}`, {
      method: route.method.toUpperCase(),
      headers: { ...headers, ...(sample.body ? { "content-type": "application/json" } : {}) },
      body: sample.body ? JSON.stringify(sample.body) : undefined,
    }),
  );
  await response.arrayBuffer();
  return response.status;
}

test("the registry and the samples name the same routes, and the app serves no /v1/console route the registry misses", () => {
  // the operations routes have their own matrix (console-ops-routes.test.ts); every other one has a sample here
  expect(CONSOLE_API_ROUTES.filter((route) => !isScreenRoute(route)).map(keyOf).sort()).toEqual(Object.keys(SAMPLES).sort());
  const served = servicesApp()
    .routes.filter((route) => route.path.startsWith("/v1/console/") && route.method !== "ALL")
    .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, "{$1}")}`)
    .filter((key) => key !== "post /v1/console/session");
  expect([...new Set(served)].sort()).toEqual(CONSOLE_API_ROUTES.map(keyOf).sort());
});

describe.each(CONSOLE_API_ROUTES.filter((route) => !isScreenRoute(route)).map((route) => [keyOf(route), route] as const))("%s", (_name, route) => {
  test("no session, or a consumer's token in either header: 401", async () => {
    const { utoken } = await consumer();
    expect(await request(route, {})).toBe(401);
    expect(await request(route, { utoken })).toBe(401);
    expect(await request(route, operatorHeaders(utoken))).toBe(401);
  });

  test.each(OPERATOR_ROLES.map((role) => [role] as const))("%s", async (role: OperatorRole) => {
    const operator = await newOperator(role);
    const status = await request(route, operatorHeaders(await sessionOf(operator)), operator);
    if (roleAllows(role, route.role)) {
      expect(status).toBe(200);
    } else {
      expect(status).toBe(403);
      const admin = await sessionOf(await newOperator("admin"));
      const log = await call("GET", `/v1/console/audit?action=console.refused&operator=${encodeURIComponent(operator.email)}`, { headers: operatorHeaders(admin) });
      expect(log.data?.list).toEqual([expect.objectContaining({ outcome: "refused", detail: expect.objectContaining({ route: `${route.method.toUpperCase()} ${route.path}` }) })]);
    }
  });
});
