import { and, asc, count, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { APP_CODE_PATTERN, DEFAULT_APP_CODE, MESSAGE_CATEGORIES, type MessageCategory, type MessageItem, type MessageList, type MessageSort, type UnreadCounts } from "@/lib/contract/messages";
import { now } from "../clock";
import { getDb, preparedOnce } from "../db/client";
import { messageDeliveries, messages } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import type { Lang } from "../lang";
import type { ClientInfo } from "./sessions";
import type { UserRow } from "./users";

/**
 * A user's inbox (SPEC §3, §4): one page of a tab, the unread counts per tab, reading one
 * message or a whole tab. Every query is bound to the caller's user id: a user only ever sees
 * and changes their own deliveries, and another user's message id is "not found" (20602).
 */

/** The app of a call: the one named in the query or body, else the caller's app header, else passport. */
export function appCodeOf(given: string | undefined, client: Pick<ClientInfo, "appCode">): string {
  if (given) return given;
  return client.appCode && APP_CODE_PATTERN.test(client.appCode) ? client.appCode : DEFAULT_APP_CODE;
}

export type ListInput = { category: MessageCategory; page: number; pageSize: number; sort: MessageSort; appCode: string };

export async function listMessages(user: UserRow, input: ListInput, lang: Lang): Promise<MessageList> {
  const db = await getDb();
  const where = and(eq(messageDeliveries.userId, user.id), eq(messageDeliveries.appCode, input.appCode), eq(messageDeliveries.category, input.category));
  const order = input.sort === "asc" ? [asc(messageDeliveries.publishedAt), asc(messageDeliveries.messageId)] : [desc(messageDeliveries.publishedAt), desc(messageDeliveries.messageId)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ delivery: messageDeliveries, message: messages })
      .from(messageDeliveries)
      .innerJoin(messages, eq(messages.id, messageDeliveries.messageId))
      .where(where)
      .orderBy(...order)
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ total: count() }).from(messageDeliveries).where(where),
  ]);
  return {
    list: rows.map(({ delivery, message }): MessageItem => ({
      id: message.id,
      appCode: message.appCode,
      category: message.category,
      name: lang === "zh" ? message.nameZh : message.nameEn,
      contentLang: { en: { name: message.nameEn, content: message.contentEn }, zh: { name: message.nameZh, content: message.contentZh } },
      read: delivery.readAt !== null,
      createdAt: message.publishedAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** Every signed-in home page asks for the unread counts: built once (db/client.ts, preparedOnce). */
const unreadByCategory = preparedOnce((db) =>
  db
    .select({ category: messageDeliveries.category, unread: count() })
    .from(messageDeliveries)
    .where(and(eq(messageDeliveries.userId, sql.placeholder("userId")), eq(messageDeliveries.appCode, sql.placeholder("appCode")), isNull(messageDeliveries.readAt)))
    .groupBy(messageDeliveries.category)
    .prepare("unread_counts"),
);

export async function unreadCounts(userId: string, appCode: string): Promise<UnreadCounts> {
  const rows = await unreadByCategory(await getDb()).execute({ userId, appCode });
  const counts: UnreadCounts = { total: 0, device: 0, system: 0, app: 0, activity: 0 };
  for (const row of rows) {
    if (!(MESSAGE_CATEGORIES as readonly string[]).includes(row.category)) continue;
    counts[row.category] = row.unread;
    counts.total += row.unread;
  }
  return counts;
}

/** Marks one of the user's messages read (reading it twice is fine); the app's unread counts after. */
export async function readMessage(user: UserRow, messageId: string): Promise<UnreadCounts> {
  const db = await getDb();
  const mine = and(eq(messageDeliveries.userId, user.id), eq(messageDeliveries.messageId, messageId));
  const [delivery] = await db.select({ appCode: messageDeliveries.appCode, readAt: messageDeliveries.readAt }).from(messageDeliveries).where(mine).limit(1);
  if (!delivery) throw new ServiceError(ErrorCode.messageNotFound);
  if (delivery.readAt === null) await db.update(messageDeliveries).set({ readAt: now() }).where(and(mine, isNull(messageDeliveries.readAt)));
  return unreadCounts(user.id, delivery.appCode);
}

/** Marks every unread message of one tab (or of every tab) of an app read; the counts after. */
export async function readAll(user: UserRow, input: { appCode: string; category?: MessageCategory }): Promise<UnreadCounts> {
  const db = await getDb();
  const conditions: SQL[] = [eq(messageDeliveries.userId, user.id), eq(messageDeliveries.appCode, input.appCode), isNull(messageDeliveries.readAt)];
  if (input.category) conditions.push(eq(messageDeliveries.category, input.category));
  await db.update(messageDeliveries).set({ readAt: now() }).where(and(...conditions));
  return unreadCounts(user.id, input.appCode);
}
