import { and, count, desc, eq, exists, ne, sql } from "drizzle-orm";
import type { AccountEventKind } from "@/lib/contract/activity";
import { describeUserAgent } from "../agent/user-agent";
import { now } from "../clock";
import { sha256Hex } from "../crypto";
import { getDb, preparedOnce, type Db } from "../db/client";
import { accountEvents, knownDevices, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { assertOwnerProof, type OwnerProof } from "./owner-proof";
import type { ClientInfo } from "./sessions";
import type { SignedIn } from "./step-up";
import type { UserRow } from "./users";

/**
 * Known devices and the device-security switch. A device is a browser, named by the random id
 * the portal keeps in an HttpOnly cookie and forwards as x-device-id; only its sha256 is
 * stored, so the table cannot be used to impersonate a device.
 */
export type KnownDevice = { id: string; name: string; firstSeen: string; lastSeen: string; current: boolean };
export type DeviceSecurity = { enabled: boolean; devices: KnownDevice[]; total: number; page: number; pageSize: number };
export type DevicePage = { page: number; pageSize: number };
const FIRST_PAGE: DevicePage = { page: 1, pageSize: 10 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function deviceHash(deviceId: string | null): string | null {
  return deviceId ? sha256Hex(deviceId) : null;
}

/**
 * A browser seen at a sign-in, as two parts of one statement: its row made (first seen) or
 * touched (seen again), and, when it is new to an account that knew other browsers, the
 * `new_device` event of the security activity (an account's first browser is no news). Their
 * values are placeholders: userId, at, and the event's ip, userAgent and appCode, named as the
 * session's insert names them (sessions.ts, sessionValues), with deviceHash and deviceName
 * (deviceSeenValues). A sign-in's own statement holds them beside its session (session-open.ts);
 * rememberDevice holds them alone. Every part of a statement reads the tables as they were
 * before it, so "knew others" is a row of another hash.
 */
export function deviceSeenParts(db: Db) {
  const userId = sql.placeholder("userId");
  const seen = db.$with("seen").as(
    db
      .insert(knownDevices)
      .values({ userId, deviceHash: sql.placeholder("deviceHash"), name: sql.placeholder("deviceName"), firstSeenAt: sql.placeholder("at"), lastSeenAt: sql.placeholder("at") })
      .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: sql`excluded.last_seen_at`, name: sql`excluded.name` } })
      .returning({ firstSeenAt: knownDevices.firstSeenAt }),
  );
  const at = sql`${sql.placeholder("at")}::timestamptz`;
  const noticed = db.$with("noticed").as(
    db
      .insert(accountEvents)
      .select((qb) =>
        qb
          // every column, in the table's order (drizzle's insert … select)
          .select({
            id: sql<string>`gen_random_uuid()`.as("id"),
            userId: sql<string>`${userId}::uuid`.as("user_id"),
            createdAt: sql<Date>`${at}`.as("created_at"),
            kind: sql<AccountEventKind>`'new_device'`.as("kind"),
            actor: sql<"self">`'self'`.as("actor"),
            ip: sql<string | null>`${sql.placeholder("ip")}::text`.as("ip"),
            userAgent: sql<string | null>`${sql.placeholder("userAgent")}::text`.as("user_agent"),
            appCode: sql<string | null>`${sql.placeholder("appCode")}::text`.as("app_code"),
            provider: sql<string | null>`null::text`.as("provider"),
            disownedAt: sql<Date | null>`null::timestamptz`.as("disowned_at"),
          })
          .from(seen)
          .where(
            and(
              eq(seen.firstSeenAt, at),
              exists(qb.select({ one: sql`1` }).from(knownDevices).where(and(eq(knownDevices.userId, userId), ne(knownDevices.deviceHash, sql.placeholder("deviceHash"))))),
            ),
          ),
      )
      .returning({ id: accountEvents.id }),
  );
  return { seen, noticed };
}

/** The device's own placeholders of deviceSeenParts; none for a caller that named no device. */
export function deviceSeenValues(client: ClientInfo): { deviceHash: string; deviceName: string | null } | null {
  const hash = deviceHash(client.deviceId);
  return hash ? { deviceHash: hash, deviceName: describeUserAgent(client.userAgent) } : null;
}

const rememberDeviceAlone = preparedOnce((db) => {
  const { seen, noticed } = deviceSeenParts(db);
  return db.with(seen, noticed).select({ firstSeenAt: seen.firstSeenAt }).from(seen).prepare("remember_device");
});

/** Record the caller's device outside a sign-in (device security turned on from it). No device id: nothing. */
export async function rememberDevice(userId: string, client: ClientInfo): Promise<void> {
  const device = deviceSeenValues(client);
  if (!device) return;
  const db = await getDb();
  await rememberDeviceAlone(db).execute({ ...device, userId, at: now(), ip: client.ip, userAgent: client.userAgent, appCode: client.appCode });
}

export async function isKnownDevice(userId: string, hash: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, hash)))
    .limit(1);
  return row !== undefined;
}

/** GET /v1/user/device/security: the switch and one page of the user's devices, most recently seen first. */
export async function deviceSecurity(user: UserRow, client: ClientInfo, query: DevicePage = FIRST_PAGE): Promise<DeviceSecurity> {
  const db = await getDb();
  const mine = eq(knownDevices.userId, user.id);
  const [total] = await db.select({ n: count() }).from(knownDevices).where(mine);
  const rows = await db
    .select()
    .from(knownDevices)
    .where(mine)
    .orderBy(desc(knownDevices.lastSeenAt), desc(knownDevices.firstSeenAt), desc(knownDevices.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const current = deviceHash(client.deviceId);
  return {
    enabled: user.deviceSecurity,
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    devices: rows.map((row) => ({
      id: row.id,
      // the user agent said nothing we could name; the portal shows its own "unknown device"
      name: row.name ?? "",
      firstSeen: row.firstSeenAt.toISOString(),
      lastSeen: row.lastSeenAt.toISOString(),
      current: current !== null && row.deviceHash === current,
    })),
  };
}

/**
 * PATCH /v1/user/device/security. Turning it on also records the device it is turned on from,
 * so the next sign-in there is not held back. Turning it off is guarded by the step-up
 * (owner-proof.ts): a recent proof of this session, or one sent with the request, which then
 * counts as the session's proof; neither → 20113, and nothing changes.
 */
export async function setDeviceSecurity(current: SignedIn, client: ClientInfo, input: { enabled: boolean } & OwnerProof): Promise<DeviceSecurity> {
  const { user } = current;
  const { enabled } = input;
  if (!enabled && user.deviceSecurity) await assertOwnerProof(current, input, client.ip);
  const db = await getDb();
  await db.update(users).set({ deviceSecurity: enabled, updatedAt: now() }).where(eq(users.id, user.id));
  if (enabled) await rememberDevice(user.id, client);
  return deviceSecurity({ ...user, deviceSecurity: enabled }, client);
}

/** DELETE /v1/user/device/{id}: only one of the user's own devices; anything else → 20102, nothing changes. */
export async function forgetDevice(user: UserRow, id: string): Promise<void> {
  if (!UUID.test(id)) throw new ServiceError(ErrorCode.insufficientAuthority);
  const db = await getDb();
  const removed = await db
    .delete(knownDevices)
    .where(and(eq(knownDevices.id, id), eq(knownDevices.userId, user.id)))
    .returning({ id: knownDevices.id });
  if (removed.length === 0) throw new ServiceError(ErrorCode.insufficientAuthority);
}
