import { asc, eq } from "drizzle-orm";
import { SN_DEVICES_PER_ACCOUNT, SN_DEVICES_PER_ADDRESS, snHistoryResponse, snPasswordResponse } from "@/lib/contract/safety";
import { getDb } from "@/lib/backend/db/client";
import { snPasswordIssues, users } from "@/lib/backend/db/schema";
import { SN_REQUEST_LIMITS } from "@/lib/backend/services/sn-password-issues";
import { call, fromIp, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend, type Reply } from "./support/harness";
import { snNumber, watchInFull, WELDER_ENV } from "./support/welder";

/**
 * The attack of issue 20 item 4: one trained account asked for hundreds of different welder SN
 * passwords in seconds. Now each account gets passwords for a few new devices a day, each
 * address for a few more, every issue is recorded, and nothing past a budget is issued.
 */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend(WELDER_ENV);
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const password = (utoken: string, sn: string, ip: string, power = "1200W") => call("POST", "/v1/safety/welder/password", { token: utoken, body: { sn, power }, headers: fromIp(ip) });

/** What the record holds about the passwords issued to this user, oldest first. */
async function recordOf(uid: string) {
  const db = await getDb();
  const rows = await db.select().from(snPasswordIssues).where(eq(snPasswordIssues.userId, uid)).orderBy(asc(snPasswordIssues.issuedAt), asc(snPasswordIssues.sn));
  return rows.map((row) => ({ sn: row.sn, power: row.power, ip: row.ip, issuedAt: row.issuedAt.toISOString() }));
}

function codes(replies: Reply[]): Record<number, number> {
  const counted: Record<number, number> = {};
  for (const reply of replies) counted[reply.code] = (counted[reply.code] ?? 0) + 1;
  return counted;
}

test("one account asking for 80 different SNs at once from 127.0.0.2 gets 10; the rest are refused, nothing more is issued, and the record holds exactly those 10", async () => {
  const { utoken, uid } = await registerUser("attacker@example.com");
  await watchInFull(backend, utoken);
  const issuedAt = new Date().toISOString();

  const replies = await Promise.all(Array.from({ length: 80 }, (_, i) => password(utoken, snNumber(i), "127.0.0.2")));
  // the flood guard lets 60 requests through; of those, 10 new devices fit the account's budget
  expect(codes(replies)).toEqual({ 0: SN_DEVICES_PER_ACCOUNT, 20507: SN_REQUEST_LIMITS.perAccount.points - SN_DEVICES_PER_ACCOUNT, 10004: 80 - SN_REQUEST_LIMITS.perAccount.points });
  for (const refused of replies.filter((reply) => reply.code !== 0)) {
    expect(refused.status).toBe(429);
    expect(refused.data).not.toHaveProperty("password");
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  }
  const granted = replies.filter((reply) => reply.code === 0).map((reply) => snPasswordResponse.parse(reply.data));
  expect(new Set(granted.map((item) => item.password)).size).toBe(SN_DEVICES_PER_ACCOUNT);
  const grantedSns = granted.map((item) => item.sn).sort();
  expect((await recordOf(uid)).map((row) => row.sn).sort()).toEqual(grantedSns);
  expect(await recordOf(uid)).toEqual(grantedSns.map((sn) => ({ sn, power: "1200W", ip: "127.0.0.2", issuedAt })));

  // an hour later (the flood guard's window is over): an SN already issued today is free and recorded again …
  backend.advance(3_600);
  const again = await password(utoken, grantedSns[0] ?? "", "127.0.0.2");
  expect(again).toMatchObject({ code: 0, data: { sn: grantedSns[0], password: granted.find((item) => item.sn === grantedSns[0])?.password } });
  // … a new one is refused until the first devices leave the 24-hour window, with the wait in whole seconds
  const refused = await password(utoken, snNumber(500), "127.0.0.2");
  expect(refused).toMatchObject({ status: 429, code: 20507, data: { retryAfter: 86_400 - 3_600 }, retryAfter: String(86_400 - 3_600) });
  expect(await recordOf(uid)).toHaveLength(SN_DEVICES_PER_ACCOUNT + 1);
  // the user's own history says the same: 11 issues, 10 devices of 10 in the last 24 hours
  const history = snHistoryResponse.parse((await call("GET", "/v1/safety/welder/passwords?pageSize=50", { token: utoken })).data);
  expect(history).toMatchObject({ total: SN_DEVICES_PER_ACCOUNT + 1, devicesUsed: SN_DEVICES_PER_ACCOUNT, devicesLimit: SN_DEVICES_PER_ACCOUNT });
  expect(history.list[0]).toMatchObject({ sn: grantedSns[0], power: "1200W", issuedAt: new Date().toISOString() });
  expect(JSON.stringify(history)).not.toContain(granted[0]?.password);

  // a day after the first issues, the budget is free again
  backend.advance(86_400 - 3_600);
  expect(await password(utoken, snNumber(500), "127.0.0.2")).toMatchObject({ code: 0 });
});

test("several accounts from one address (127.0.0.3) share its budget of new devices; another address is not affected", async () => {
  const accounts = [];
  for (let i = 0; i < 4; i++) {
    const account = await registerUser(`workshop-${i}@example.com`);
    await watchInFull(backend, account.utoken);
    accounts.push(account);
  }
  const [first, second, third, fourth] = accounts;
  if (!first || !second || !third || !fourth) throw new Error("four accounts");
  // three accounts use up the address's 30 devices, 10 each
  for (const [n, account] of [first, second, third].entries()) {
    for (let i = 0; i < SN_DEVICES_PER_ACCOUNT; i++) expect(await password(account.utoken, snNumber(1000 + n * 100 + i), "127.0.0.3")).toMatchObject({ code: 0 });
  }
  expect(SN_DEVICES_PER_ADDRESS).toBe(3 * SN_DEVICES_PER_ACCOUNT);
  // the fourth account, with its own budget untouched, gets nothing new from this address
  const refused = await password(fourth.utoken, snNumber(1400), "127.0.0.3");
  expect(refused).toMatchObject({ status: 429, code: 20507 });
  expect(Number(refused.data?.retryAfter)).toBeGreaterThan(86_000);
  expect(await recordOf(fourth.uid)).toEqual([]);
  // a device this address already unlocked adds nothing to its count (it does count for the fourth account)
  expect(await password(fourth.utoken, snNumber(1000), "127.0.0.3")).toMatchObject({ code: 0 });
  // the same account from another address has the rest of its own budget
  expect(await password(fourth.utoken, snNumber(1400), "127.0.0.4")).toMatchObject({ code: 0 });
  expect((await recordOf(fourth.uid)).map((row) => [row.sn, row.ip])).toEqual([
    [snNumber(1000), "127.0.0.3"],
    [snNumber(1400), "127.0.0.4"],
  ]);
  for (const account of [first, second, third]) expect(await recordOf(account.uid)).toHaveLength(SN_DEVICES_PER_ACCOUNT);
});

test("bad requests issue and record nothing: an untrained account, a wrong SN, no session", async () => {
  const { utoken, uid } = await registerUser("novice@example.com");
  expect(await password(utoken, snNumber(1), "127.0.0.5")).toMatchObject({ status: 403, code: 20503 });
  await watchInFull(backend, utoken);
  expect(await password(utoken, snNumber(1).slice(0, 22), "127.0.0.5")).toMatchObject({ status: 400, code: 20504 });
  expect(await password(utoken, `${snNumber(1).slice(0, 22)}!`, "127.0.0.5")).toMatchObject({ status: 400, code: 20505 });
  expect(await call("POST", "/v1/safety/welder/password", { body: { sn: snNumber(1), power: "1200W" }, headers: fromIp("127.0.0.5") })).toMatchObject({ code: 20101 });
  expect(await recordOf(uid)).toEqual([]);
  expect(await call("GET", "/v1/safety/welder/passwords", { token: utoken })).toMatchObject({ code: 0, data: { list: [], total: 0, devicesUsed: 0 } });
  expect(await call("GET", "/v1/safety/welder/passwords")).toMatchObject({ code: 20101 });
  expect(await call("GET", "/v1/safety/welder/passwords?pageSize=51", { token: utoken })).toMatchObject({ status: 400, code: 10001 });
});

test("the history pages newest first and shows only the user's own issues", async () => {
  const { utoken } = await registerUser("pager@example.com");
  const other = await registerUser("neighbour@example.com");
  await watchInFull(backend, utoken);
  await watchInFull(backend, other.utoken);
  for (let i = 0; i < 3; i++) {
    backend.advance(60);
    expect(await password(utoken, snNumber(2000 + i), "127.0.0.6", i === 1 ? "800W" : "1200W")).toMatchObject({ code: 0 });
  }
  expect(await password(other.utoken, snNumber(2100), "127.0.0.6")).toMatchObject({ code: 0 });
  const page = async (n: number) => snHistoryResponse.parse((await call("GET", `/v1/safety/welder/passwords?page=${n}&pageSize=2`, { token: utoken })).data);
  const one = await page(1);
  expect(one).toMatchObject({ total: 3, page: 1, pageSize: 2, devicesUsed: 3 });
  expect(one.list.map((item) => [item.sn, item.power])).toEqual([
    [snNumber(2002), "1200W"],
    [snNumber(2001), "800W"],
  ]);
  expect((await page(2)).list.map((item) => item.sn)).toEqual([snNumber(2000)]);
});

test("deleting accounts does not refill an address's budget: their issues stay, without the account", async () => {
  const ip = "127.0.0.7";
  const accounts = [];
  for (let i = 0; i < 4; i++) {
    const account = await registerUser(`churn-${i}@example.com`);
    await watchInFull(backend, account.utoken);
    accounts.push(account);
  }
  const [first, second, third, fourth] = accounts;
  if (!first || !second || !third || !fourth) throw new Error("four accounts");
  for (const [n, account] of [first, second].entries()) {
    for (let i = 0; i < SN_DEVICES_PER_ACCOUNT; i++) expect(await password(account.utoken, snNumber(3000 + n * 100 + i), ip)).toMatchObject({ code: 0 });
  }
  // the two accounts go (as POST /v1/user/delete removes the row)
  const db = await getDb();
  for (const account of [first, second]) await db.delete(users).where(eq(users.id, account.uid));
  const kept = await db.select().from(snPasswordIssues).where(eq(snPasswordIssues.ip, ip));
  expect(kept).toHaveLength(2 * SN_DEVICES_PER_ACCOUNT);
  expect(kept.every((row) => row.userId === null)).toBe(true);
  // the address has 10 devices left, whoever asks
  for (let i = 0; i < SN_DEVICES_PER_ACCOUNT; i++) expect(await password(third.utoken, snNumber(3200 + i), ip)).toMatchObject({ code: 0 });
  expect(await password(fourth.utoken, snNumber(3300), ip)).toMatchObject({ status: 429, code: 20507 });
});
