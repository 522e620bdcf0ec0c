import { and, count, desc, eq, gt, max, sql } from "drizzle-orm";
import type { LightSource } from "@/lib/contract/rules";
import { SN_BUDGET_WINDOW_SECONDS, SN_DEVICES_PER_ACCOUNT, SN_DEVICES_PER_ADDRESS, type SnHistory } from "@/lib/contract/safety";
import { addSeconds, now } from "../clock";
import { getDb, type Db } from "../db/client";
import { snPasswordIssues } from "../db/schema";
import { ErrorCode, ServiceError, throttled } from "../errors";
import { log } from "../log";
import { isOver, rateLimit, type LimitPolicy } from "../ratelimit";
import { ipLimitKey } from "./ip-key";
import type { UserRow } from "./users";

/**
 * The budget and the record of welder unlock passwords. A person unlocks a few devices a day, so
 * an account gets passwords for at most SN_DEVICES_PER_ACCOUNT different SNs within any 24 hours,
 * and an address (services/ip-key.ts's bucket, whichever accounts) for SN_DEVICES_PER_ADDRESS; an
 * SN already issued within the window costs nothing again. The budgets are counted in the
 * database, from the record itself: exact, shared by every instance, kept across restarts. Each
 * issue takes per-account and per-address advisory locks (in that order, so never a deadlock),
 * so requests racing in parallel cannot overspend. Every request also counts towards a flood
 * guard in the rate-limit store, which bounds the rows that free repeats can write.
 */
export const SN_REQUEST_LIMITS = {
  /** password requests of one account, any answer */
  perAccount: { name: "sn-password-requests-user", points: 60, durationSeconds: 3_600 },
  /** password requests from one address, any account and any answer */
  perAddress: { name: "sn-password-requests-ip", points: 300, durationSeconds: 3_600 },
} as const satisfies Record<string, LimitPolicy>;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Where = ReturnType<typeof eq>;

async function take(policy: LimitPolicy, key: string | null): Promise<void> {
  if (key === null) return;
  const usage = await (await rateLimit(policy)).hit(key);
  if (isOver(usage, policy)) throw throttled(usage.resetInMs);
}

/** Count one password request of this account and address; over either flood guard → 429 (10004). */
export async function countSnPasswordRequest(user: UserRow, ip: string | null): Promise<void> {
  await take(SN_REQUEST_LIMITS.perAccount, user.id);
  await take(SN_REQUEST_LIMITS.perAddress, ipLimitKey(ip));
}

/** The SNs issued under `scope` within the window, each with its latest issue. */
async function devicesIn(tx: Tx | Db, scope: Where, since: Date) {
  return tx
    .select({ sn: snPasswordIssues.sn, last: max(snPasswordIssues.issuedAt) })
    .from(snPasswordIssues)
    .where(and(scope, gt(snPasswordIssues.issuedAt, since)))
    .groupBy(snPasswordIssues.sn);
}

/** Refuse a new SN when the scope's distinct SNs have reached the limit; it frees when the oldest leaves the window. */
function assertRoom(devices: Array<{ sn: string; last: Date | null }>, sn: string, limit: number, at: Date, who: Record<string, unknown>): void {
  if (devices.some((device) => device.sn === sn) || devices.length < limit) return;
  const oldest = Math.min(...devices.map((device) => device.last?.getTime() ?? at.getTime()));
  const retryAfter = Math.max(1, Math.ceil((oldest + SN_BUDGET_WINDOW_SECONDS * 1000 - at.getTime()) / 1000));
  log().warn({ ...who, devices: devices.length }, "sn password budget reached");
  throw new ServiceError(ErrorCode.snPasswordLimit, { retryAfter });
}

/**
 * Checks both budgets and records the issue in one transaction; the caller makes the password
 * only after this returns, so a refused request issues nothing.
 */
export async function recordSnPasswordIssue(input: { user: UserRow; sn: string; power: LightSource; ip: string | null }): Promise<void> {
  const { user, sn, power, ip } = input;
  const ipKey = ipLimitKey(ip);
  const at = now();
  const since = addSeconds(at, -SN_BUDGET_WINDOW_SECONDS);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sn-password:user:${user.id}`}))`);
    if (ipKey !== null) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sn-password:ip:${ipKey}`}))`);
    assertRoom(await devicesIn(tx, eq(snPasswordIssues.userId, user.id), since), sn, SN_DEVICES_PER_ACCOUNT, at, { budget: "account", uid: user.id });
    if (ipKey !== null) assertRoom(await devicesIn(tx, eq(snPasswordIssues.ipKey, ipKey), since), sn, SN_DEVICES_PER_ADDRESS, at, { budget: "address", uid: user.id, ip });
    await tx.insert(snPasswordIssues).values({ userId: user.id, sn, power, ip, ipKey, issuedAt: at });
  });
}

/** One page of the passwords issued to the user, newest first, and the account's budget now. */
export async function snPasswordHistory(user: UserRow, query: { page: number; pageSize: number }): Promise<SnHistory> {
  const db = await getDb();
  const mine = eq(snPasswordIssues.userId, user.id);
  const [total] = await db.select({ value: count() }).from(snPasswordIssues).where(mine);
  const rows = await db
    .select()
    .from(snPasswordIssues)
    .where(mine)
    .orderBy(desc(snPasswordIssues.issuedAt), desc(snPasswordIssues.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const devices = await devicesIn(db, mine, addSeconds(now(), -SN_BUDGET_WINDOW_SECONDS));
  return {
    list: rows.map((row) => ({ id: row.id, sn: row.sn, power: row.power, issuedAt: row.issuedAt.toISOString() })),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    devicesUsed: devices.length,
    devicesLimit: SN_DEVICES_PER_ACCOUNT,
  };
}
