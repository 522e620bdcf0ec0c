import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { LightSource } from "@/lib/contract/rules";
import type { WelderState } from "@/lib/contract/safety";
import { addSeconds, now } from "../clock";
import { getConfig } from "../config";
import { getDb } from "../db/client";
import { safetyProfiles, welderViews } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { snPasswordKey } from "../keys";
import { log } from "../log";
import { assertIpAllowed } from "./protection";
import { safetyProfileOf } from "./safety";
import { countSnPasswordRequest, recordSnPasswordIssue } from "./sn-password-issues";
import { checkDeviceSn, deriveSnPassword } from "./sn-password";
import type { UserRow } from "./users";

/**
 * The laser welder video, watched under the server's eyes. A viewing starts on the server's
 * clock; each progress report may reach at most as far as the time that has passed (since the
 * start, and since the previous report) allows, plus a little slack for network delays; the
 * viewing finishes only when the whole length was reported and has elapsed. A client that
 * claims more is refused (20506), and no SN password is made before a finished viewing (20503).
 * Starting a new viewing abandons the previous one: leaving mid-video means starting over.
 */
export const SLACK_SECONDS = 2;
/** Unfinished viewings older than this are deleted when the user starts another. */
const KEEP_SECONDS = 86_400;

type ViewRow = typeof welderViews.$inferSelect;

function seconds(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / 1000;
}

function captionsFor(template: string | null) {
  return { en: template?.replaceAll("{lang}", "en") ?? null, zh: template?.replaceAll("{lang}", "zh") ?? null };
}

export async function welderState(user: UserRow): Promise<WelderState> {
  const profile = await safetyProfileOf(user.id);
  const video = getConfig().trainingVideo;
  return {
    completed: Boolean(profile?.welderCompletedAt),
    completedAt: profile?.welderCompletedAt?.toISOString() ?? null,
    videoUrl: video.url,
    captions: captionsFor(video.captions),
    durationSeconds: video.seconds,
  };
}

export async function startViewing(user: UserRow): Promise<{ viewId: string; durationSeconds: number }> {
  const db = await getDb();
  const at = now();
  await db.delete(welderViews).where(and(eq(welderViews.userId, user.id), isNull(welderViews.finishedAt)));
  await db.delete(welderViews).where(and(eq(welderViews.userId, user.id), lt(welderViews.startedAt, addSeconds(at, -KEEP_SECONDS))));
  const [view] = await db.insert(welderViews).values({ userId: user.id, startedAt: at, lastReportAt: at }).returning();
  if (!view) throw new Error("insert returned no row");
  return { viewId: view.id, durationSeconds: getConfig().trainingVideo.seconds };
}

async function openView(user: UserRow, viewId: string): Promise<ViewRow> {
  const db = await getDb();
  const [view] = await db
    .select()
    .from(welderViews)
    .where(and(eq(welderViews.id, viewId), eq(welderViews.userId, user.id), isNull(welderViews.finishedAt)))
    .limit(1);
  if (!view) throw new ServiceError(ErrorCode.videoViewRefused);
  return view;
}

export async function reportProgress(user: UserRow, input: { viewId: string; position: number }): Promise<{ position: number }> {
  const view = await openView(user, input.viewId);
  const at = now();
  const aheadOfStart = input.position > seconds(view.startedAt, at) + SLACK_SECONDS;
  const jumped = input.position > view.position + seconds(view.lastReportAt, at) + SLACK_SECONDS;
  if (aheadOfStart || jumped) {
    log().info({ uid: user.id, view: view.id }, "welder video report refused");
    throw new ServiceError(ErrorCode.videoViewRefused);
  }
  const position = Math.max(view.position, input.position);
  const db = await getDb();
  await db.update(welderViews).set({ position, lastReportAt: at }).where(eq(welderViews.id, view.id));
  return { position };
}

export async function finishViewing(user: UserRow, input: { viewId: string }): Promise<{ completed: true; completedAt: string }> {
  const view = await openView(user, input.viewId);
  const at = now();
  const length = getConfig().trainingVideo.seconds;
  if (seconds(view.startedAt, at) < length - SLACK_SECONDS || view.position < length - SLACK_SECONDS) {
    throw new ServiceError(ErrorCode.videoViewRefused);
  }
  const db = await getDb();
  await db.update(welderViews).set({ finishedAt: at }).where(eq(welderViews.id, view.id));
  const [profile] = await db
    .insert(safetyProfiles)
    .values({ userId: user.id, welderCompletedAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: safetyProfiles.userId,
      set: { welderCompletedAt: sql`coalesce(${safetyProfiles.welderCompletedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at },
    })
    .returning();
  return { completed: true, completedAt: (profile?.welderCompletedAt ?? at).toISOString() };
}

/**
 * A device password, only for a user whose finished viewing the server saw (else 20503), within
 * the budgets of new devices per account and per address (20507), and recorded before it is
 * made (services/sn-password-issues.ts). Every request counts towards the flood guards (10004).
 */
export async function generateSnPassword(user: UserRow, input: { sn: string; power: LightSource; ip: string | null }): Promise<{ sn: string; power: LightSource; password: string }> {
  await assertIpAllowed(input.ip);
  await countSnPasswordRequest(user, input.ip);
  const profile = await safetyProfileOf(user.id);
  if (!profile?.welderCompletedAt) throw new ServiceError(ErrorCode.welderVideoNotWatched);
  const sn = checkDeviceSn(input.sn);
  await recordSnPasswordIssue({ user, sn, power: input.power, ip: input.ip });
  const password = deriveSnPassword(await snPasswordKey(), sn, input.power);
  log().info({ uid: user.id, power: input.power }, "sn password made");
  return { sn, power: input.power, password };
}
