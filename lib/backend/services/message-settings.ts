import { and, eq, inArray } from "drizzle-orm";
import { isBlockable, MESSAGE_CATEGORIES, type MessageCategory, type MessageSettings } from "@/lib/contract/messages";
import { now } from "../clock";
import { getDb } from "../db/client";
import { messageBlocks } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import type { UserRow } from "./users";

/**
 * Which categories reach a user in an app (SPEC §4): app and device messages can be turned off
 * per app code; system (and activity) messages cannot (20601). A blocked category receives no
 * new messages; what arrived before stays.
 */
export async function messageSettings(user: UserRow, appCode: string): Promise<MessageSettings> {
  const db = await getDb();
  const rows = await db
    .select({ category: messageBlocks.category })
    .from(messageBlocks)
    .where(and(eq(messageBlocks.userId, user.id), eq(messageBlocks.appCode, appCode)));
  const blocked = new Set<string>(rows.map((row) => row.category));
  return {
    appCode,
    settings: MESSAGE_CATEGORIES.map((category) => ({ appCode, category, blocked: blocked.has(category), blockable: isBlockable(category) })),
  };
}

export type SettingChange = { category: MessageCategory; blocked: boolean };

/** Applies every change or none: turning off a category that cannot be is 20601 and changes nothing. */
export async function changeMessageSettings(user: UserRow, appCode: string, changes: readonly SettingChange[]): Promise<MessageSettings> {
  if (changes.some((change) => change.blocked && !isBlockable(change.category))) throw new ServiceError(ErrorCode.messageCategoryNotBlockable);
  const block = changes.filter((change) => change.blocked).map((change) => change.category);
  const unblock = changes.filter((change) => !change.blocked).map((change) => change.category);
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (block.length > 0) {
      const at = now();
      await tx
        .insert(messageBlocks)
        .values(block.map((category) => ({ userId: user.id, appCode, category, blockedAt: at })))
        .onConflictDoNothing();
    }
    if (unblock.length > 0) {
      await tx
        .delete(messageBlocks)
        .where(and(eq(messageBlocks.userId, user.id), eq(messageBlocks.appCode, appCode), inArray(messageBlocks.category, unblock)));
    }
  });
  return messageSettings(user, appCode);
}
