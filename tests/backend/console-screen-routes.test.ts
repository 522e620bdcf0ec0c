import { CONSOLE_API_ROUTES } from "@/lib/contract/console/routes";
import { roleAllows, type OperatorRole } from "@/lib/contract/console/roles";
import { call, fromIp, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, ticketFor } from "./support/harness";
import { isScreenRoute, newOperator, operatorHeaders, sessionOf } from "./support/console";

/**
 * The operations screens' routes (/v1/console/enterprises, codes, messages, announcements, clients,
 * bans, analytics) as the console calls them: every route × {no session, consumer token,
 * viewer, support, admin}, refusals audited, every change audited with its reason, bad input
 * a 400 with the field's message key and nothing changed.
 */
beforeAll(async () => {
  await startBackend({ EXCHANGE_CODE_KEY: "k".repeat(40) });
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const SCREEN_ROUTES = CONSOLE_API_ROUTES.filter(isScreenRoute);
const concrete = (path: string) => path.replace("{id}", "00000000-0000-4000-8000-000000000000").replace("{userId}", "00000000-0000-4000-8000-000000000001");
const tokens: Partial<Record<OperatorRole, string>> = {};
async function tokenOf(role: OperatorRole): Promise<string> {
  tokens[role] ??= await sessionOf(await newOperator(role));
  return tokens[role];
}
const as = async (role: OperatorRole) => operatorHeaders(await tokenOf(role));

async function auditEntries(action: string) {
  const reply = await call("GET", `/v1/console/audit?action=${encodeURIComponent(action)}`, { headers: await as("viewer") });
  return (reply.data?.list ?? []) as Array<{ actor: string; outcome: string; reason: string | null; targetId: string | null; detail: Record<string, unknown> }>;
}

/** The entry of a successful `action` (the matrix above also left refused and failed ones, at the same test time). */
async function okEntry(action: string) {
  return (await auditEntries(action)).find((entry) => entry.outcome === "ok");
}

test("the registry lists every operations route with its role", () => {
  expect(SCREEN_ROUTES.length).toBe(22);
  expect(SCREEN_ROUTES.filter((route) => route.role === "support").map((route) => route.path).sort()).toEqual(["/v1/console/bans", "/v1/console/bans/remove", "/v1/console/messages"]);
});

test("every route × no session, a consumer's token, viewer, support, admin: 401, 401, then 403 below its role (audited as refused)", async () => {
  const consumer = await registerUser("consumer@ops-routes.test");
  for (const route of SCREEN_ROUTES) {
    const method = route.method.toUpperCase();
    const path = concrete(route.path);
    const body = route.method === "get" ? undefined : {};
    expect([route.path, (await call(method, path, { body })).status]).toEqual([route.path, 401]);
    expect([route.path, (await call(method, path, { body, token: consumer.utoken })).status]).toEqual([route.path, 401]);
    for (const role of ["viewer", "support", "admin"] as const) {
      const reply = await call(method, path, { body, headers: await as(role) });
      // allowed: the route answers (maybe refusing the empty input), never 401/403
      if (roleAllows(role, route.role)) expect([route.path, role, reply.status === 401 || reply.status === 403]).toEqual([route.path, role, false]);
      else expect([route.path, role, reply.status, reply.code]).toEqual([route.path, role, 403, 20102]);
    }
  }
  const refused = await auditEntries("console.refused");
  expect(refused.some((entry) => entry.detail.route === "POST /v1/console/enterprises" && entry.detail.role === "support")).toBe(true);
  expect(refused.some((entry) => entry.detail.route === "POST /v1/console/bans" && entry.detail.role === "viewer")).toBe(true);
});

test("an enterprise created by an admin signs in with its default password; reason and outcome are audited, the password is not", async () => {
  const headers = await as("admin");
  const created = await call("POST", "/v1/console/enterprises", { headers, body: { account: "ops-co", name: "Ops Co", email: "boss@ops-co.test", reason: "new customer" } });
  expect(created).toMatchObject({ code: 0, data: { account: "ops-co", password: expect.stringMatching(/^[A-Za-z2-9]{16}$/) } });
  const password = String(created.data?.password);
  expect(await call("POST", "/v1/enterprise/login", { body: { account: "ops-co", email: "boss@ops-co.test", password } })).toMatchObject({ code: 0, data: { defaultPassword: true } });
  const entry = await okEntry("enterprise.create");
  expect(entry).toMatchObject({ reason: "new customer", targetId: created.data?.id });
  expect(JSON.stringify(entry)).not.toContain(password);
});

test("bad input: 400 with the field's key, nothing changed, audited as failed", async () => {
  const headers = await as("admin");
  const noReason = await call("POST", "/v1/console/enterprises", { headers, body: { account: "ops-co2", name: "X", email: "x@ops-co2.test" } });
  expect(noReason).toMatchObject({ status: 400, code: 10001, data: { error: "badReason", field: "reason" } });
  expect((await call("GET", "/v1/console/enterprises?q=ops-co2", { headers })).data?.total).toBe(0);
  const huge = await call("GET", `/v1/console/enterprises?q=${"x".repeat(10_000)}`, { headers });
  expect(huge).toMatchObject({ status: 400, data: { error: "tooLong" } });
  for (const page of ["-1", "1000000000000", "two"]) expect(await call("GET", `/v1/console/bans?page=${page}`, { headers })).toMatchObject({ status: 400, data: { error: "badPage" } });
  expect(await call("GET", "/v1/console/enterprises?q=%25_%27%3B--", { headers })).toMatchObject({ code: 0, data: { total: 0 } });
  expect(await call("GET", "/v1/console/analytics?from=2026-02-30&to=2026-03-01", { headers })).toMatchObject({ status: 400, data: { error: "badDate", field: "from" } });
  expect(await call("POST", "/v1/console/bans", { headers, body: { network: "0.0.0.0/0", reason: "everyone" } })).toMatchObject({ status: 400, data: { error: "rangeTooWide" } });
  expect((await auditEntries("ban.add")).some((entry) => entry.outcome === "failed" && entry.detail.why === "rangeTooWide" && entry.detail.network === "0.0.0.0/0")).toBe(true);
});

test("a batch: its CSV downloads once; a user redeems a code; look-up and revoke; every step audited", async () => {
  const headers = await as("admin");
  const batch = await call("POST", "/v1/console/codes/batches", { headers, body: { benefitEn: "Pro", benefitZh: "专业版", count: "2", benefitDays: "30", validUntil: "2026-12-31", reason: "campaign" } });
  expect(batch.code).toBe(0);
  const token = String(batch.data?.downloadToken);
  const download = await call("POST", "/v1/console/codes/download", { headers, body: { token } });
  expect(download.code).toBe(0);
  expect(await call("POST", "/v1/console/codes/download", { headers, body: { token } })).toMatchObject({ status: 400, data: { error: "downloadSpent" } });
  const [first, second] = String(download.data?.csv).trim().split("\r\n").slice(1).map((line) => line.split(",")[0] ?? "");
  const user = await registerUser("redeemer@ops-routes.test");
  const ticket = await ticketFor("redeem", "redeemer@ops-routes.test");
  expect((await call("POST", "/v1/exchange/effect", { token: user.utoken, body: { code: first, ticket }, headers: { lang: "en" } })).code).toBe(0);
  expect(await call("POST", "/v1/console/codes/lookup", { headers: await as("viewer"), body: { code: first } })).toMatchObject({ code: 0, data: { status: "redeemed", redeemedBy: "redeemer@ops-routes.test" } });
  expect(await call("POST", "/v1/console/codes/revoke", { headers, body: { code: second, reason: "leaked" } })).toMatchObject({ code: 0, data: { revoked: true } });
  const list = await call("GET", "/v1/console/codes/batches", { headers });
  expect((list.data?.items as Array<{ id: string; counts: unknown }>).find((item) => item.id === batch.data?.batchId)?.counts).toEqual({ unused: 0, redeemed: 1, revoked: 1, expired: 0 });
  expect(await okEntry("codes.create-batch")).toMatchObject({ reason: "campaign", targetId: batch.data?.batchId });
  expect(await okEntry("codes.download")).toMatchObject({ targetId: batch.data?.batchId });
  expect(await okEntry("codes.revoke")).toMatchObject({ reason: "leaked", targetId: batch.data?.batchId });
  expect(JSON.stringify(await auditEntries("codes.revoke"))).not.toContain(String(second));
});

test("support sends a message the user reads; an admin publishes and unpublishes an announcement; a ban and its removal", async () => {
  const reader = await registerUser("reader@ops-routes.test");
  const texts = { en: { title: "Hello", body: "Welcome aboard." }, zh: { title: "你好", body: "欢迎。" } };
  expect(await call("POST", "/v1/console/messages", { headers: await as("support"), body: { appCode: "passport", category: "system", target: "user", email: "reader@ops-routes.test", texts, reason: "welcome" } })).toMatchObject({ code: 0, data: { delivered: 1 } });
  expect(JSON.stringify((await call("GET", "/message/v1/web/list?appCode=passport&category=system", { token: reader.utoken })).data)).toContain("Welcome aboard.");
  const published = await call("POST", "/v1/console/announcements", { headers: await as("admin"), body: { texts, reason: "launch" } });
  expect(published).toMatchObject({ code: 0, data: { state: "shown" } });
  expect(JSON.stringify((await call("GET", "/message/v1/web/announcements")).data)).toContain("Welcome aboard.");
  expect((await call("POST", `/v1/console/announcements/${String(published.data?.id)}/unpublish`, { headers: await as("admin"), body: { reason: "done" } })).code).toBe(0);
  expect(JSON.stringify((await call("GET", "/message/v1/web/announcements")).data)).not.toContain("Welcome aboard.");
  const support = await as("support");
  expect(await call("POST", "/v1/console/bans", { headers: { ...support, ...fromIp("127.0.0.1") }, body: { network: "127.0.0.0/8", reason: "oops" } })).toMatchObject({ status: 400, data: { error: "ownAddress" } });
  expect(await call("POST", "/v1/console/bans", { headers: support, body: { network: "203.0.113.0/24", reason: "abuse", expiresOn: "2026-12-31" } })).toMatchObject({ code: 0, data: { added: true } });
  expect((await call("POST", "/v1/login", { body: { email: "reader@ops-routes.test", password: "secret-pass1" }, headers: fromIp("203.0.113.5") })).code).toBe(20104);
  expect((await call("POST", "/v1/console/bans/remove", { headers: support, body: { network: "203.0.113.0/24", reason: "resolved" } })).code).toBe(0);
  expect(await okEntry("message.send")).toMatchObject({ reason: "welcome", detail: { recipient: "reader@ops-routes.test", delivered: 1 } });
  expect(await okEntry("announcement.publish")).toMatchObject({ reason: "launch", targetId: published.data?.id });
  expect(await okEntry("announcement.unpublish")).toMatchObject({ reason: "done", targetId: published.data?.id });
  expect(await okEntry("ban.add")).toMatchObject({ reason: "abuse", targetId: "203.0.113.0/24" });
  expect(await okEntry("ban.remove")).toMatchObject({ reason: "resolved", targetId: "203.0.113.0/24" });
  const board = await call("GET", "/v1/console/analytics?from=2026-03-01&to=2026-03-02", { headers: await as("viewer") });
  expect(board).toMatchObject({ code: 0, data: { days: ["2026-03-01", "2026-03-02"] } });
});
