import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import type { Announcement } from "@/lib/contract/messages";
import { now } from "../clock";
import { getDb } from "../db/client";
import { announcements } from "../db/schema";

/**
 * Public announcements (/announcement): published by operators with a text in each language,
 * shown until they expire or are withdrawn. At most 20 are shown, newest first.
 */
export const ANNOUNCEMENTS_SHOWN = 20;

export type AnnouncementRow = typeof announcements.$inferSelect;

function toItem(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: { en: row.titleEn, zh: row.titleZh },
    body: { en: row.bodyEn, zh: row.bodyZh },
    publishedAt: row.publishedAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
  };
}

export async function currentAnnouncements(): Promise<Announcement[]> {
  const db = await getDb();
  const at = now();
  const rows = await db
    .select()
    .from(announcements)
    .where(and(isNull(announcements.withdrawnAt), or(isNull(announcements.expiresAt), gt(announcements.expiresAt, at))))
    .orderBy(desc(announcements.publishedAt))
    .limit(ANNOUNCEMENTS_SHOWN);
  return rows.map(toItem);
}

export type AnnouncementTexts = { en: { title: string; body: string }; zh: { title: string; body: string } };

export async function publishAnnouncement(texts: AnnouncementTexts, expiresAt: Date | null): Promise<AnnouncementRow> {
  const db = await getDb();
  const [row] = await db
    .insert(announcements)
    .values({ titleEn: texts.en.title, titleZh: texts.zh.title, bodyEn: texts.en.body, bodyZh: texts.zh.body, publishedAt: now(), expiresAt })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Every announcement, newest first, with its state, for operators. */
export async function allAnnouncements(limit = 100): Promise<AnnouncementRow[]> {
  const db = await getDb();
  return db.select().from(announcements).orderBy(desc(announcements.publishedAt)).limit(limit);
}

/** Withdraws a shown announcement; false when there is none with this id or it was withdrawn already. */
export async function withdrawAnnouncement(id: string): Promise<boolean> {
  const db = await getDb();
  const done = await db
    .update(announcements)
    .set({ withdrawnAt: now() })
    .where(and(eq(announcements.id, id), isNull(announcements.withdrawnAt)))
    .returning({ id: announcements.id });
  return done.length > 0;
}
