import { and, eq, isNull, notExists, exists, ne, sql } from "drizzle-orm";
import type { MessageCategory } from "@/lib/contract/messages";
import { now } from "../clock";
import { getDb } from "../db/client";
import { messageBlocks, messageDeliveries, messages, sessions, users } from "../db/schema";

/**
 * Publishing a message (operators, `npm run cli -- message:send`). Delivery happens at
 * publishing: one inbox row per recipient, in the same transaction as the message, so a user
 * who turned the category off for the app gets none (and keeps none when they turn it on
 * again). "Every user of an app" means every active consumer account that has signed in
 * through that app (a session with its app code), as the accounts are at that moment;
 * "everyone" means every active consumer account, whichever app it used.
 */
export type MessageTexts = { en: { name: string; content: string }; zh: { name: string; content: string } };
export type Audience = { userId: string } | { appUsers: true } | { everyone: true };
export type Published = { id: string | null; delivered: number };

export async function publishMessage(input: { appCode: string; category: MessageCategory; texts: MessageTexts; audience: Audience }): Promise<Published> {
  const db = await getDb();
  const at = now();
  return db.transaction(async (tx) => {
    const [message] = await tx
      .insert(messages)
      .values({
        appCode: input.appCode,
        category: input.category,
        audience: "userId" in input.audience ? "user" : "appUsers" in input.audience ? "app" : "everyone",
        nameEn: input.texts.en.name,
        nameZh: input.texts.zh.name,
        contentEn: input.texts.en.content,
        contentZh: input.texts.zh.content,
        publishedAt: at,
      })
      .returning({ id: messages.id });
    if (!message) throw new Error("insert returned no row");

    const notBlocked = notExists(
      tx
        .select({ one: sql`1` })
        .from(messageBlocks)
        .where(and(eq(messageBlocks.userId, users.id), eq(messageBlocks.appCode, input.appCode), eq(messageBlocks.category, input.category))),
    );
    const recipients =
      "userId" in input.audience
        ? eq(users.id, input.audience.userId)
        : and(
            eq(users.status, "active"),
            isNull(users.enterpriseId),
            "appUsers" in input.audience
              ? exists(tx.select({ one: sql`1` }).from(sessions).where(and(eq(sessions.userId, users.id), eq(sessions.appCode, input.appCode))))
              : undefined,
          );
    const delivered = await tx
      .insert(messageDeliveries)
      .select(
        tx
          .select({
            messageId: sql`${message.id}::uuid`.as("message_id"),
            userId: users.id,
            appCode: sql`${input.appCode}`.as("app_code"),
            category: sql`${input.category}`.as("category"),
            publishedAt: sql`${at.toISOString()}::timestamptz`.as("published_at"),
            readAt: sql`null::timestamptz`.as("read_at"),
          })
          .from(users)
          .where(and(recipients, notBlocked, ne(users.status, "banned"))),
      )
      .returning({ userId: messageDeliveries.userId });

    // A message for one user who turned its category off is not kept: nobody would ever see it.
    if (delivered.length === 0 && "userId" in input.audience) {
      await tx.delete(messages).where(eq(messages.id, message.id));
      return { id: null, delivered: 0 };
    }
    return { id: message.id, delivered: delivered.length };
  });
}
