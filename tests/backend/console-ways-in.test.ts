import { getDb } from "@/lib/backend/db/client";
import { passkeys } from "@/lib/backend/db/schema";
import { settleSecurityNotices } from "@/lib/backend/services/security-notices";
import { call, mailIds, OPEN_TIMEOUT, outboxFiles, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";
import { totpCode, turnOnTwoStep } from "./support/two-step";

/**
 * A user's every way in on the console's user page, "Reset two-step" (support and up, with a
 * reason, audited, a security notice to the user), and the page guard's refusals in the audit log.
 */
let backend: Backend;
let support: Record<string, string>;
let viewer: Record<string, string>;
let viewerEmail: string;
let admin: Record<string, string>;
beforeAll(async () => {
  backend = await startBackend();
  support = operatorHeaders(await sessionOf(await newOperator("support")));
  const viewerOperator = await newOperator("viewer");
  viewerEmail = viewerOperator.email;
  viewer = operatorHeaders(await sessionOf(viewerOperator));
  admin = operatorHeaders(await sessionOf(await newOperator("admin")));
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const auditOf = async (query: string) => (await call("GET", `/v1/console/audit?${query}`, { headers: admin })).data?.list as Array<Record<string, unknown>>;

test("the user page shows password, passkeys (name and dates only), two-step with the recovery codes left, social accounts; never a secret", async () => {
  const user = await registerUser("ways-in@console.test", "ways-in-pass1");
  const before = await call("GET", `/v1/console/users/${user.uid}`, { headers: viewer });
  expect(before.data?.waysIn).toEqual({ password: true, social: [], passkeys: [], twoStep: { enabled: false, since: null, recoveryCodesLeft: 0 } });

  const { secret, recoveryCodes } = await turnOnTwoStep(user.utoken);
  const added = new Date("2026-03-01T08:00:00Z");
  await (await getDb()).insert(passkeys).values({ userId: user.uid, credentialId: "cred-ways-in-0001", publicKey: "pk-material-ways-in", name: "Work laptop", deviceType: "multiDevice", createdAt: added });
  const reply = await call("GET", `/v1/console/users/${user.uid}`, { headers: viewer });
  expect(reply.data?.waysIn).toMatchObject({
    password: true,
    passkeys: [{ name: "Work laptop", createdAt: added.toISOString(), lastUsedAt: null }],
    twoStep: { enabled: true, since: expect.any(String), recoveryCodesLeft: 10 },
  });
  const text = JSON.stringify(reply.data);
  for (const hidden of [secret, "cred-ways-in-0001", "pk-material-ways-in", ...recoveryCodes]) expect(text).not.toContain(hidden);
});

test("reset two-step: support and up with a reason; two-step off, sessions ended, a notice mailed, each try in the audit log", async () => {
  const email = "lost-phone@console.test";
  const user = await registerUser(email, "lost-phone-pass1");
  const { secret } = await turnOnTwoStep(user.utoken);
  const path = `/v1/console/users/${user.uid}/two-step/reset`;

  // a viewer: 403, audited as refused; no reason: 400; both change nothing
  expect(await call("POST", path, { headers: viewer, body: { reason: "lost phone, ticket 4711" } })).toMatchObject({ status: 403, code: 20102 });
  expect(await call("POST", path, { headers: support, body: { reason: "x" } })).toMatchObject({ status: 400, code: 10001 });
  expect(await call("GET", "/v1/user/basic", { token: user.utoken })).toMatchObject({ code: 0 });
  expect((await call("GET", `/v1/console/users/${user.uid}`, { headers: support })).data?.waysIn).toMatchObject({ twoStep: { enabled: true } });

  const beforeMail = await mailIds(email);
  expect(await call("POST", path, { headers: { ...support, lang: "zh" }, body: { reason: "lost phone, ticket 4711" } })).toMatchObject({ code: 0, data: { done: true, count: 1 } });
  expect(await call("GET", "/v1/user/basic", { token: user.utoken })).toMatchObject({ code: 20101 });
  expect((await call("GET", `/v1/console/users/${user.uid}`, { headers: support })).data?.waysIn).toMatchObject({ twoStep: { enabled: false, recoveryCodesLeft: 0 } });
  // the password alone signs in now
  expect(await call("POST", "/v1/login", { body: { email, password: "lost-phone-pass1" } })).toMatchObject({ code: 0 });

  await settleSecurityNotices();
  const mails = outboxFiles(email).filter((file) => !beforeMail.has(file.name));
  expect(mails).toHaveLength(1);
  const mail = mails[0]?.text ?? "";
  expect(mail).toMatch(/^Subject: 客服已为您关闭两步验证$/m);
  expect(mail).toContain("我们的客服已为您的账号 lost-phone@console.test 关闭两步验证");
  // the operator's device and place are not named; no secret, no code
  expect(mail).not.toMatch(/设备：|地点/);
  expect(mail).not.toContain(secret);
  expect(mail).not.toContain(totpCode(secret));

  // not on any more: refused (20905), nothing mailed
  backend.advance(1);
  expect(await call("POST", path, { headers: support, body: { reason: "pressed twice" } })).toMatchObject({ status: 409, code: 20905 });
  await settleSecurityNotices();
  expect(outboxFiles(email).filter((file) => !beforeMail.has(file.name))).toHaveLength(1);

  // no such user, or not an id: 404 and 400, never a 5xx
  expect(await call("POST", "/v1/console/users/00000000-0000-4000-8000-000000000000/two-step/reset", { headers: support, body: { reason: "who is this" } })).toMatchObject({ status: 404 });
  expect(await call("POST", "/v1/console/users/1%20or%201=1/two-step/reset", { headers: support, body: { reason: "who is this" } })).toMatchObject({ status: 400, code: 10001 });

  const entries = await auditOf(`target=${user.uid}`);
  expect(entries.map((entry) => [entry.action, entry.reason, entry.outcome])).toEqual([
    ["user.reset-two-step", "pressed twice", "failed"],
    ["user.reset-two-step", "lost phone, ticket 4711", "ok"],
  ]);
  const refused = await auditOf(`action=console.refused&operator=${encodeURIComponent(viewerEmail)}`);
  expect(refused).toContainEqual(expect.objectContaining({ outcome: "refused", detail: expect.objectContaining({ route: "POST /v1/console/users/{id}/two-step/reset" }) }));
});

test("a screen the page guard refuses is in the audit log as refused; a screen the role may open is not recorded; an unknown screen is a 400", async () => {
  expect(await call("POST", "/v1/console/refusals", { headers: viewer, body: { screen: "operators" } })).toMatchObject({ code: 0, data: { recorded: true } });
  const entries = await auditOf(`action=console.refused&operator=${encodeURIComponent(viewerEmail)}`);
  expect(entries).toContainEqual(expect.objectContaining({ outcome: "refused", actor: viewerEmail, detail: { page: "operators", role: "viewer", needs: "admin" } }));

  const before = (await auditOf("action=console.refused")).length;
  expect(await call("POST", "/v1/console/refusals", { headers: admin, body: { screen: "operators" } })).toMatchObject({ code: 0, data: { recorded: false } });
  expect(await call("POST", "/v1/console/refusals", { headers: viewer, body: { screen: "users" } })).toMatchObject({ code: 0, data: { recorded: false } });
  for (const screen of ["nowhere", "x".repeat(10_000), 7]) {
    expect(await call("POST", "/v1/console/refusals", { headers: viewer, body: { screen } })).toMatchObject({ status: 400, code: 10001 });
  }
  expect(await auditOf("action=console.refused")).toHaveLength(before);
  expect(await call("POST", "/v1/console/refusals", { body: { screen: "operators" } })).toMatchObject({ status: 401 });
});
