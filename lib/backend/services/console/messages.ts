import { count, desc, eq } from "drizzle-orm";
import type { AnnouncementItem } from "@/lib/contract/console/screens";
import { announcementTexts, APP_CODE_PATTERN, isMessageCategory, messageTexts, type MessageCategory } from "@/lib/contract/messages";
import { canonicalEmail, emailField } from "@/lib/contract/fields";
import { addSeconds, now } from "../../clock";
import { getDb } from "../../db/client";
import { announcements, users } from "../../db/schema";
import { publishAnnouncement, withdrawAnnouncement } from "../announcements";
import { publishMessage, type Audience, type MessageTexts, type Published } from "../message-publish";
import { dayOf, idOf, ConsoleError, PAGE_SIZE, type Page } from "./input";

/**
 * The console's messages (to one user, an app's users or everyone) and announcements
 * (publish, unpublish). Texts come in both languages and follow the same limits as the
 * command line's (lib/contract/message-rules.ts).
 */
export type SendTarget = { kind: "user"; email: unknown } | { kind: "app" } | { kind: "everyone" };

export type CheckedMessage = { appCode: string; category: MessageCategory; texts: MessageTexts };

/** The composer's rules (app code, category, texts in both languages), for one message or a bulk job's. */
export function checkedMessage(input: { appCode: unknown; category: unknown; texts: unknown }): CheckedMessage {
  if (typeof input.appCode !== "string" || !APP_CODE_PATTERN.test(input.appCode)) throw new ConsoleError("badApp", 400, "appCode");
  if (typeof input.category !== "string" || !isMessageCategory(input.category)) throw new ConsoleError("badCategory", 400, "category");
  const texts = messageTexts.safeParse(input.texts);
  if (!texts.success) throw new ConsoleError("badTexts", 400, "texts");
  return { appCode: input.appCode, category: input.category, texts: texts.data };
}

/** One user's copy, refused as the composer refuses it: an enterprise or banned account, the category off. */
export async function sendMessageToUser(user: { id: string; status: string; enterpriseId: string | null }, message: CheckedMessage): Promise<Published> {
  if (user.enterpriseId) throw new ConsoleError("enterpriseUser", 409, "email");
  if (user.status === "banned") throw new ConsoleError("bannedUser", 409, "email");
  const published = await publishMessage({ ...message, audience: { userId: user.id } });
  if (published.delivered === 0) throw new ConsoleError("categoryOff", 409, "category");
  return published;
}

export async function sendConsoleMessage(input: { appCode: unknown; category: unknown; target: SendTarget; texts: unknown }): Promise<{ id: string | null; delivered: number }> {
  const message = checkedMessage(input);
  if (input.target.kind === "user") {
    const parsed = emailField.safeParse(typeof input.target.email === "string" ? input.target.email : "");
    if (!parsed.success) throw new ConsoleError("badEmail", 400, "email");
    const db = await getDb();
    const [user] = await db
      .select({ id: users.id, status: users.status, enterpriseId: users.enterpriseId })
      .from(users)
      .where(eq(users.email, canonicalEmail(parsed.data)))
      .limit(1);
    if (!user) throw new ConsoleError("noSuchUser", 404, "email");
    return sendMessageToUser(user, message);
  }
  const audience: Audience = input.target.kind === "app" ? { appUsers: true } : { everyone: true };
  return publishMessage({ ...message, audience });
}

type AnnouncementRow = typeof announcements.$inferSelect;
function toItem(row: AnnouncementRow, at: Date): AnnouncementItem {
  return {
    id: row.id,
    title: { en: row.titleEn, zh: row.titleZh },
    body: { en: row.bodyEn, zh: row.bodyZh },
    publishedAt: row.publishedAt.toISOString(),
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    withdrawnAt: row.withdrawnAt ? row.withdrawnAt.toISOString() : null,
    state: row.withdrawnAt ? "withdrawn" : row.expiresAt && row.expiresAt <= at ? "expired" : "shown",
  };
}

/** `until`: a day (YYYY-MM-DD), shown to its end (UTC); absent → until unpublished. */
export async function publishConsoleAnnouncement(input: { texts: unknown; until: unknown }): Promise<AnnouncementItem> {
  const texts = announcementTexts.safeParse(input.texts);
  if (!texts.success) throw new ConsoleError("badTexts", 400, "texts");
  let until: Date | null = null;
  if (input.until !== undefined && input.until !== null && input.until !== "") {
    until = addSeconds(dayOf(input.until, "until"), 86_400);
    if (until <= now()) throw new ConsoleError("badExpiry", 400, "until");
  }
  return toItem(await publishAnnouncement(texts.data, until), now());
}

export async function unpublishAnnouncement(id: unknown): Promise<void> {
  if (!(await withdrawAnnouncement(idOf(id)))) throw new ConsoleError("notFound", 404);
}

export async function listConsoleAnnouncements(page: number): Promise<Page<AnnouncementItem>> {
  const db = await getDb();
  const at = now();
  const [total] = await db.select({ n: count() }).from(announcements);
  const rows = await db.select().from(announcements).orderBy(desc(announcements.publishedAt)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE);
  return { items: rows.map((row) => toItem(row, at)), total: Number(total?.n ?? 0), page, pageSize: PAGE_SIZE };
}
