import { activityResponse, type ActivityItem } from "@/lib/contract/activity";
import { userDetail } from "@/lib/contract/console/users";
import { call, fromIp, mailIds, OPEN_TIMEOUT, outboxFiles, registerUser, requestCode, startBackend, stopBackend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";

/**
 * "This wasn't me" (POST /v1/user/security/activity/disown): the caller's own sign-in or event is
 * marked, every session ends (the caller's too), a password sign-in is refused with 20221 until an
 * emailed reset, a code sign-in still works, a security notice goes out in the account's language,
 * and the console shows the marked event and the account's language. Someone else's, an unknown
 * or a malformed id is refused and changes nothing. (The apps' refresh tokens: oidc-revocation.test.ts.)
 */
beforeAll(async () => {
  await startBackend({ PUBLIC_ORIGIN: "https://passport.example.com" });
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const zh = { ...fromIp("8.8.8.8"), "user-agent": MAC_CHROME, lang: "zh" };

async function activity(token: string): Promise<ActivityItem[]> {
  const reply = await call("GET", "/v1/user/security/activity", { token });
  expect(reply.code).toBe(0);
  return activityResponse.parse(reply.data).list;
}

async function signInWithPassword(email: string, password: string) {
  return call("POST", "/v1/login", { body: { email, password }, headers: zh });
}

async function signInWithCode(email: string): Promise<string> {
  const { nonce, code } = await requestCode(email, "login");
  const reply = await call("POST", "/v1/login/email/captcha", { body: { email, captcha: code, nonce }, headers: zh });
  expect(reply.code).toBe(0);
  return String(reply.data?.utoken);
}

const disown = (token: string, id: string) => call("POST", "/v1/user/security/activity/disown", { token, body: { id } });

test("disowning a sign-in ends every session, refuses the password until an emailed reset, mails a notice in the account's language, and the console sees it", async () => {
  const email = "disown@example.com";
  const { utoken: first, uid } = await registerUser(email, "Disown-Pass-1", zh);
  const second = await signInWithPassword(email, "Disown-Pass-1");
  expect(second.code).toBe(0);
  const secondToken = String(second.data?.utoken);
  const signIn = (await activity(first)).find((item) => item.kind === "sign_in");
  expect(signIn).toMatchObject({ disowned: false, disownable: true });

  const before = await mailIds(email);
  // the request states no language: the notice follows the account's (zh, from its sign-ins)
  expect(await disown(first, signIn?.id ?? "")).toMatchObject({ code: 0, data: { ended: 2 } });

  // every session ended, the caller's own included
  for (const token of [first, secondToken]) expect((await call("GET", "/v1/user/security/activity", { token })).code).toBe(20101);

  const mails = outboxFiles(email).filter((file) => !before.has(file.name));
  expect(mails).toHaveLength(1);
  expect(mails[0]?.text).toContain("Subject: 您的账号已受保护：所有设备均已退出登录\n");
  expect(mails[0]?.text).toContain("忘记密码：https://passport.example.com/zh/findpwd\n");

  // the right password no longer signs in; a wrong one still gets the usual answer
  expect(await signInWithPassword(email, "Disown-Pass-1")).toMatchObject({ status: 403, code: 20221 });
  expect(await signInWithPassword(email, "Wrong-Pass-9")).toMatchObject({ code: 20205 });

  // an emailed code still signs in, and the page shows what was done
  const byCode = await signInWithCode(email);
  const after = await activity(byCode);
  expect(after.find((item) => item.id === signIn?.id)).toMatchObject({ disowned: true });
  expect(after.find((item) => item.kind === "account_secured")).toMatchObject({ disownable: false });
  // saying it again is harmless
  expect((await disown(byCode, signIn?.id ?? "")).code).toBe(0);

  // the console: the event marked, the account's language, the pending reset; a viewer may read it
  const viewer = operatorHeaders(await sessionOf(await newOperator("viewer")));
  const events = await call("GET", `/v1/console/users/${uid}/activity?page=1&pageSize=50`, { headers: viewer });
  expect(events.code).toBe(0);
  expect(activityResponse.parse(events.data).list.find((item) => item.id === signIn?.id)).toMatchObject({ disowned: true, kind: "sign_in" });
  const detail = userDetail.parse((await call("GET", `/v1/console/users/${uid}`, { headers: viewer })).data);
  expect(detail.user).toMatchObject({ language: "zh", passwordResetRequired: true });

  // the emailed reset clears it: the new password signs in
  const { nonce, code } = await requestCode(email, "findpwd");
  expect((await call("POST", "/v1/find/password", { body: { email, captcha: code, nonce, password: "Disown-Pass-2" }, headers: zh })).code).toBe(0);
  expect((await signInWithPassword(email, "Disown-Pass-2")).code).toBe(0);
});

test("refused sign-ins from one address on one day are disowned together, and shown so", async () => {
  const email = "disown-failures@example.com";
  const { utoken } = await registerUser(email, "Disown-Pass-1");
  for (let i = 0; i < 2; i += 1) {
    expect((await call("POST", "/v1/login", { body: { email, password: "Wrong-Pass-9" }, headers: fromIp("9.9.9.9") })).code).toBe(20205);
  }
  const group = (await activity(utoken)).find((item) => item.kind === "sign_in_failed");
  expect(group).toMatchObject({ count: 2, disowned: false, disownable: true });

  expect(await disown(utoken, group?.id ?? "")).toMatchObject({ code: 0, data: { ended: 1 } });
  expect(await signInWithPassword(email, "Disown-Pass-1")).toMatchObject({ status: 403, code: 20221 });
  const after = await activity(await signInWithCode(email));
  expect(after.find((item) => item.id === group?.id)).toMatchObject({ kind: "sign_in_failed", count: 2, disowned: true });
});

test("another account's event, an unknown id and a malformed id are refused and change nothing", async () => {
  const { utoken: other } = await registerUser("disown-other@example.com", "Disown-Pass-1");
  const othersSignIn = (await activity(other)).find((item) => item.kind === "sign_in");
  const email = "disown-mine@example.com";
  const { utoken } = await registerUser(email, "Disown-Pass-1");

  expect(await disown(utoken, othersSignIn?.id ?? "")).toMatchObject({ status: 404, code: 20222 });
  expect(await disown(utoken, "s-00000000-0000-4000-8000-000000000000")).toMatchObject({ status: 404, code: 20222 });
  expect(await disown(utoken, "00000000-0000-4000-8000-000000000000")).toMatchObject({ status: 404, code: 20222 });
  // refused sign-ins of the other account's email, from an address and a day this one has none
  expect((await call("POST", "/v1/login", { body: { email: "disown-other@example.com", password: "Wrong-Pass-9" }, headers: fromIp("8.8.4.4") })).code).toBe(20205);
  const othersFailures = (await activity(other)).find((item) => item.kind === "sign_in_failed");
  expect(othersFailures?.id).toMatch(/^f-\d{4}-\d{2}-\d{2}-8\.8\.4\.4$/);
  expect(await disown(utoken, othersFailures?.id ?? "")).toMatchObject({ status: 404, code: 20222 });
  for (const id of ["f-2026-03-01-8.8.8.8; drop table users", "'; drop table users; --", ""]) expect(await disown(utoken, id)).toMatchObject({ status: 400, code: 10001 });
  const zhRefusal = await call("POST", "/v1/user/security/activity/disown", { token: utoken, body: { id: othersSignIn?.id }, headers: { lang: "zh" } });
  expect(zhRefusal.message).toBe("您的安全记录中没有该事件。");

  // nothing changed: both sessions live, nothing marked, the password signs in
  expect((await activity(other)).every((item) => !item.disowned)).toBe(true);
  expect((await activity(utoken)).every((item) => !item.disowned)).toBe(true);
  expect((await signInWithPassword(email, "Disown-Pass-1")).code).toBe(0);
});
