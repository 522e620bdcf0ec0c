import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { UserDetail } from "@/lib/contract/console/users";
import { describeUserAgent, platformFromUserAgent } from "../../agent/user-agent";
import { getDb } from "../../db/client";
import {
  enterprises,
  exchangeBatches,
  exchangeCodes,
  knownDevices,
  messageDeliveries,
  messages,
  passkeys,
  safetyCertificates,
  safetyProfiles,
  sessions,
  signInFailures,
  socialAccounts,
  users,
} from "../../db/schema";
import { ErrorCode, ServiceError } from "../../errors";
import { locateIp } from "../../geo/locate-ip";
import type { Lang } from "../../lang";
import { twoStepStatus } from "../two-step";
import type { UserRow } from "../users";

/**
 * One user as the console shows it: each part a short newest-first list. Chosen columns only:
 * no password hash, no code (a redemption shows its batch, not the code), no token hash.
 */
const RECENT = 50;

/**
 * EXTENSION POINT: ways in that later features add (passkeys and two-step are in `waysIn`). Each reads its own
 * tables and returns label → value pairs; a failure of one (its table not there yet) hides
 * only that one. Register with `registerWayIn` at module load.
 */
type WayIn = { key: string; read: (user: UserRow) => Promise<string | null> };
const waysIn: WayIn[] = [];
export function registerWayIn(way: WayIn): void {
  if (!waysIn.some((known) => known.key === way.key)) waysIn.push(way);
}

async function extensions(user: UserRow): Promise<UserDetail["extensions"]> {
  const found: UserDetail["extensions"] = [];
  for (const way of waysIn) {
    const value = await way.read(user).catch(() => null);
    if (value !== null) found.push({ key: way.key, value });
  }
  return found;
}

export async function userRowById(id: string): Promise<UserRow> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new ServiceError(ErrorCode.accountNotFound);
  return user;
}

const iso = (date: Date) => date.toISOString();

export async function userDetail(id: string, lang: Lang): Promise<UserDetail> {
  const user = await userRowById(id);
  const db = await getDb();
  const [enterprise] = user.enterpriseId ? await db.select({ account: enterprises.account }).from(enterprises).where(eq(enterprises.id, user.enterpriseId)) : [];
  const [sessionRows, social, keys, twoStep, failures, devices, redemptions, certificates, profile, inbox] = await Promise.all([
    db.select().from(sessions).where(eq(sessions.userId, id)).orderBy(desc(sessions.createdAt)).limit(RECENT),
    db.select({ channel: socialAccounts.channel, since: socialAccounts.createdAt }).from(socialAccounts).where(eq(socialAccounts.userId, id)),
    // a passkey's name and dates only: never its credential id or public key
    db.select({ name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt }).from(passkeys).where(eq(passkeys.userId, id)).orderBy(desc(passkeys.createdAt)),
    twoStepStatus(user),
    db.select().from(signInFailures).where(eq(signInFailures.email, user.email)).orderBy(desc(signInFailures.createdAt)).limit(RECENT),
    db.select().from(knownDevices).where(eq(knownDevices.userId, id)).orderBy(desc(knownDevices.lastSeenAt)).limit(RECENT),
    db
      .select({ benefitEn: exchangeBatches.benefitEn, benefitZh: exchangeBatches.benefitZh, batch: exchangeBatches.id, redeemedAt: exchangeCodes.redeemedAt })
      .from(exchangeCodes)
      .innerJoin(exchangeBatches, eq(exchangeBatches.id, exchangeCodes.batchId))
      .where(and(eq(exchangeCodes.redeemedBy, id), isNotNull(exchangeCodes.redeemedAt)))
      .orderBy(desc(exchangeCodes.redeemedAt))
      .limit(RECENT),
    db.select().from(safetyCertificates).where(eq(safetyCertificates.userId, id)),
    db.select().from(safetyProfiles).where(eq(safetyProfiles.userId, id)),
    db
      .select({ nameEn: messages.nameEn, nameZh: messages.nameZh, appCode: messageDeliveries.appCode, category: messageDeliveries.category, at: messageDeliveries.publishedAt, readAt: messageDeliveries.readAt })
      .from(messageDeliveries)
      .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
      .where(eq(messageDeliveries.userId, id))
      .orderBy(desc(messageDeliveries.publishedAt))
      .limit(RECENT),
  ]);
  const flags = profile[0] ? [profile[0].hasLaser ? "laser" : null, profile[0].hasPrinter ? "printer" : null, profile[0].welderCompletedAt ? "welderVideo" : null].filter((flag) => flag !== null) : [];
  return {
    user: {
      id: user.id,
      email: user.email,
      nickname: user.nickname,
      status: user.status,
      enterprise: enterprise?.account ?? null,
      createdAt: iso(user.createdAt),
      lastSignInAt: sessionRows[0] ? iso(sessionRows[0].createdAt) : null,
      country: user.country,
      gender: user.gender,
      defaultPassword: user.defaultPassword,
      deviceSecurity: user.deviceSecurity,
      updatedAt: iso(user.updatedAt),
      language: user.language,
      passwordResetRequired: user.passwordResetRequired,
    },
    waysIn: {
      password: user.passwordSet,
      social: social.map((row) => ({ channel: row.channel, since: iso(row.since) })),
      passkeys: keys.map((row) => ({ name: row.name, createdAt: iso(row.createdAt), lastUsedAt: row.lastUsedAt ? iso(row.lastUsedAt) : null })),
      twoStep,
    },
    extensions: await extensions(user),
    sessions: sessionRows.map((row) => ({
      id: row.id,
      createdAt: iso(row.createdAt),
      lastSeenAt: iso(row.lastSeenAt),
      endedAt: row.endedAt ? iso(row.endedAt) : null,
      ip: row.ip,
      location: locateIp(row.ip, lang),
      platform: row.platform ?? platformFromUserAgent(row.userAgent),
      userAgent: describeUserAgent(row.userAgent),
      appCode: row.appCode,
      way: row.socialChannel,
    })),
    failures: failures.map((row) => ({ at: iso(row.createdAt), ip: row.ip, method: row.method, reason: row.reason })),
    devices: devices.map((row) => ({ id: row.id, name: row.name ?? "", firstSeen: iso(row.firstSeenAt), lastSeen: iso(row.lastSeenAt) })),
    redemptions: redemptions.map((row) => ({ batch: row.batch, benefit: lang === "zh" ? row.benefitZh : row.benefitEn, redeemedAt: row.redeemedAt ? iso(row.redeemedAt) : "" })),
    training: { certificates: certificates.filter((row) => row.completedAt).map((row) => ({ kind: row.course, at: row.completedAt ? iso(row.completedAt) : "" })), flags },
    messages: inbox.map((row) => ({ title: lang === "zh" ? row.nameZh : row.nameEn, appCode: row.appCode, category: row.category, at: iso(row.at), read: row.readAt !== null })),
  };
}
