import { activityResponse, type ActivityPage } from "@/lib/contract/activity";
import { setStatus } from "@/lib/backend/services/console/user-actions";
import { pruneAll } from "@/lib/backend/maintenance/pruners";
import { getDb } from "@/lib/backend/db/client";
import { now } from "@/lib/backend/clock";
import { call, fromIp, OPEN_TIMEOUT, proveStepUp, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";
import { turnOnTwoStep } from "./support/two-step";

/**
 * The security activity (GET /v1/user/security/activity): the login log's sign-ins, refused
 * sign-ins grouped per day and place, and the account's events, newest first, paged; support's
 * doings marked as such; a year kept.
 */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const MAC_CHROME = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const browser = { ...fromIp("8.8.8.8"), "user-agent": MAC_CHROME };
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

async function activity(token: string, query = ""): Promise<ActivityPage> {
  const reply = await call("GET", `/v1/user/security/activity${query}`, { token });
  expect(reply.code).toBe(0);
  return activityResponse.parse(reply.data);
}

test("a user's sign-ins, refused sign-ins and changes come back newest first, paged", async () => {
  const email = "activity@example.com";
  await registerUser(email, "Activity-Pass-1");
  backend.advance(60);
  expect((await call("POST", "/v1/login", { body: { email, password: "wrong-pass-1" }, headers: browser })).code).toBe(20205);
  expect((await call("POST", "/v1/login", { body: { email, password: "wrong-pass-2" }, headers: browser })).code).toBe(20205);
  backend.advance(60);
  const signedIn = await call("POST", "/v1/login", { body: { email, password: "Activity-Pass-1" }, headers: browser });
  expect(signedIn.code).toBe(0);
  const token = String(signedIn.data?.utoken);
  backend.advance(60);
  expect((await call("PATCH", "/v1/user/password", { token, headers: browser, body: { oldPassword: "Activity-Pass-1", newPassword: "Activity-Pass-2", signOutOthers: false } })).code).toBe(0);
  backend.advance(60);
  await turnOnTwoStep(token);
  backend.advance(60);
  await proveStepUp(token, email, "Activity-Pass-2");
  expect((await call("POST", "/v1/user/two-step/off", { token, headers: browser })).code).toBe(0);

  const page = await activity(token);
  expect(page.list.map((item) => [item.kind, item.actor])).toEqual([
    ["two_step_off", "self"],
    ["two_step_on", "self"],
    ["password_changed", "self"],
    ["sign_in", "self"],
    ["sign_in_failed", "self"],
    ["sign_in", "self"],
  ]);
  const [off, , changed, signIn, failed] = page.list;
  expect(changed).toMatchObject({ device: "macOS · Chrome 131", count: 1 });
  expect(changed?.location).toMatch(/United States of America/);
  expect(off?.at).toBe(now().toISOString());
  expect(signIn).toMatchObject({ device: "macOS · Chrome 131" });
  expect(failed).toMatchObject({ count: 2 });
  expect(page.hasMore).toBe(false);

  // paged: two at a time, the same order
  const first = await activity(token, "?page=1&pageSize=2");
  const second = await activity(token, "?page=2&pageSize=2");
  expect([...first.list, ...second.list].map((item) => item.id)).toEqual(page.list.slice(0, 4).map((item) => item.id));
  expect(first.hasMore).toBe(true);
});

test("support's ban and unban show as done by support, without its place or device; a year later they are gone", async () => {
  const email = "activity-support@example.com";
  const { uid } = await registerUser(email, "Activity-Pass-1");
  backend.advance(60);
  await setStatus(uid, "banned");
  backend.advance(60);
  await setStatus(uid, "active");
  backend.advance(60);
  const signedIn = await call("POST", "/v1/login", { body: { email, password: "Activity-Pass-1" }, headers: browser });
  expect(signedIn.code).toBe(0);
  const token = String(signedIn.data?.utoken);
  const page = await activity(token);
  expect(page.list.slice(0, 3).map((item) => [item.kind, item.actor])).toEqual([
    ["sign_in", "self"],
    ["unbanned", "support"],
    ["banned", "support"],
  ]);
  expect(page.list[1]).toMatchObject({ location: null, device: null, application: null });

  backend.advance(366 * 86_400);
  const pruned = await pruneAll(await getDb(), now());
  expect(pruned.account_events).toBeGreaterThanOrEqual(2);
  const later = await call("POST", "/v1/login", { body: { email, password: "Activity-Pass-1" }, headers: browser });
  expect(later.code).toBe(0);
  expect((await activity(String(later.data?.utoken))).list.map((item) => item.kind)).toEqual(["sign_in"]);
});

test("a browser new to an account that knew another shows as a new device, once; the first browser and one seen again do not", async () => {
  const email = "activity-devices@example.com";
  const password = "Activity-Pass-1";
  const laptop = { ...browser, "x-device-id": "device-laptop-0123456789abcdef" };
  const phone = { ...fromIp("9.9.9.9"), "user-agent": IPHONE_SAFARI, "x-device-id": "device-phone-0123456789abcdef0" };
  const signIn = async (headers: Record<string, string>) => {
    const reply = await call("POST", "/v1/login", { body: { email, password }, headers });
    expect(reply.code).toBe(0);
    return String(reply.data?.utoken);
  };
  await registerUser(email, password);
  backend.advance(60);
  await signIn(laptop);
  backend.advance(60);
  const token = await signIn(phone);
  backend.advance(60);
  await signIn(phone);
  backend.advance(60);
  await signIn(laptop);

  const page = await activity(token);
  expect(page.list.map((item) => item.kind)).toEqual(["sign_in", "sign_in", "new_device", "sign_in", "sign_in", "sign_in"]);
  expect(page.list[2]).toMatchObject({ actor: "self", device: "iOS 18 · Safari 18", count: 1 });
  expect(page.list[2]?.location).toMatch(/Switzerland|United States/);
});
