import { and, count, desc, eq } from "drizzle-orm";
import { describeUserAgent } from "../agent/user-agent";
import { now } from "../clock";
import { sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { knownDevices, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { assertOwnerProof, type OwnerProof } from "./owner-proof";
import type { ClientInfo } from "./sessions";
import type { SignedIn } from "./step-up";
import { bySelf, recordAccountEvent } from "./account-events";
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

/** Record a successful sign-in from the caller's device (first seen, or seen again). No device id: nothing. */
export async function rememberDevice(userId: string, client: ClientInfo): Promise<void> {
  const hash = deviceHash(client.deviceId);
  if (!hash) return;
  const db = await getDb();
  const at = now();
  const name = describeUserAgent(client.userAgent);
  const [row] = await db
    .insert(knownDevices)
    .values({ userId, deviceHash: hash, name, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: at, name } })
    .returning({ firstSeenAt: knownDevices.firstSeenAt });
  // a device first seen now, on an account that knew others (an account's first device is no news)
  if (row && row.firstSeenAt.getTime() === at.getTime() && (await deviceCount(userId)) > 1) await recordAccountEvent(userId, "new_device", bySelf(client));
}

async function deviceCount(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, userId));
  return row?.n ?? 0;
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
