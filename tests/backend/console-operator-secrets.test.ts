import { findOperatorByEmail } from "@/lib/backend/services/console/operators";
import { call, OPEN_TIMEOUT, startBackend, stopBackend, type Backend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf, signIn, type TestOperator } from "./support/console";

/**
 * Operators looking after operators: an admin gives another operator a new password or a new
 * authenticator (answered once, audited with the reason, never the secret), which ends that
 * operator's sessions; an operator changes their own password by proving the current one.
 */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const post = (path: string, token: string, body: unknown) => call("POST", path, { headers: operatorHeaders(token), body });
const stillSignedIn = async (token: string) => (await call("GET", "/v1/console/session", { headers: operatorHeaders(token) })).status === 200;

async function idOf(operator: TestOperator): Promise<string> {
  const row = await findOperatorByEmail(operator.email);
  if (!row) throw new Error("no such operator");
  return row.id;
}

async function auditOf(token: string, action: string) {
  const reply = await call("GET", `/v1/console/audit?action=${encodeURIComponent(action)}`, { headers: operatorHeaders(token) });
  return reply.data?.list as Array<Record<string, unknown>>;
}

test("an admin resets another operator's password: shown once, the old one and its sessions end, audited with the reason", async () => {
  const admin = await sessionOf(await newOperator("admin"));
  const viewer = await newOperator("viewer");
  const viewerSession = await sessionOf(viewer);

  const reply = await post(`/v1/console/operators/${await idOf(viewer)}/reset-password`, admin, { reason: "forgot it" });
  expect(reply.code).toBe(0);
  const password = String(reply.data?.password);
  expect(password.length).toBeGreaterThanOrEqual(20);
  expect(await stillSignedIn(viewerSession)).toBe(false);
  expect((await signIn(viewer)).code).not.toBe(0);
  backend.advance(30);
  expect((await signIn(viewer, { password })).code).toBe(0);

  const [entry] = await auditOf(admin, "operator.password.reset");
  expect(entry).toMatchObject({ outcome: "ok", reason: "forgot it" });
  expect(JSON.stringify(entry)).not.toContain(password);
  // one's own is changed with the current password, not reset
  const adminOperator = await newOperator("admin");
  expect((await post(`/v1/console/operators/${await idOf(adminOperator)}/reset-password`, await sessionOf(adminOperator), { reason: "mine" })).status).toBe(403);
  expect((await post(`/v1/console/operators/${await idOf(viewer)}/reset-password`, admin, { reason: "" })).status).toBe(400);
});

test("an admin resets another operator's authenticator: the old codes stop, the new secret signs in", async () => {
  const admin = await sessionOf(await newOperator("admin"));
  const support = await newOperator("support");
  const supportSession = await sessionOf(support);

  const reply = await post(`/v1/console/operators/${await idOf(support)}/reset-authenticator`, admin, { reason: "lost the phone" });
  expect(reply.code).toBe(0);
  const uri = String(reply.data?.totpUri);
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(await stillSignedIn(supportSession)).toBe(false);
  backend.advance(30);
  expect((await signIn(support)).code).not.toBe(0);
  expect((await signIn({ ...support, uri })).code).toBe(0);
  const [entry] = await auditOf(admin, "operator.authenticator.reset");
  expect(entry).toMatchObject({ outcome: "ok", reason: "lost the phone" });
  expect(JSON.stringify(entry)).not.toContain(String(reply.data?.totpSecret));
});

test("an operator changes their own password with the current one; a wrong or short one changes nothing", async () => {
  const viewer = await newOperator("viewer");
  const here = await sessionOf(viewer);
  const elsewhere = await sessionOf(viewer);
  const next = "a brand new operator password";

  expect(await post("/v1/console/session/password", here, { current: "not-the-password", next })).toMatchObject({ status: 400, code: 20206 });
  expect((await post("/v1/console/session/password", here, { current: viewer.password, next: "short" })).status).toBe(400);
  expect((await post("/v1/console/session/password", here, { current: viewer.password, next: viewer.password })).status).toBe(400);
  // refused: no session ended, the refusal audited with its code
  expect(await stillSignedIn(elsewhere)).toBe(true);
  const admin = await sessionOf(await newOperator("admin"));
  expect(await auditOf(admin, "operator.password.change")).toContainEqual(expect.objectContaining({ actor: viewer.email, outcome: "failed", detail: { errorCode: 20206 } }));
  backend.advance(30);
  expect((await signIn(viewer)).code).toBe(0);

  expect((await post("/v1/console/session/password", here, { current: viewer.password, next })).code).toBe(0);
  expect(await stillSignedIn(here)).toBe(true);
  expect(await stillSignedIn(elsewhere)).toBe(false);
  backend.advance(30);
  expect((await signIn(viewer)).code).not.toBe(0);
  backend.advance(30);
  expect((await signIn(viewer, { password: next })).code).toBe(0);
  const [entry] = await auditOf(admin, "operator.password.change");
  expect(entry).toMatchObject({ actor: viewer.email, outcome: "ok" });
  expect(JSON.stringify(entry)).not.toContain(next);
});

test("a support operator changes their own password too; the new one signs in", async () => {
  const support = await newOperator("support");
  const next = "support's own new password";
  expect((await post("/v1/console/session/password", await sessionOf(support), { current: support.password, next })).code).toBe(0);
  backend.advance(30);
  expect((await signIn(support, { password: next })).code).toBe(0);
});
