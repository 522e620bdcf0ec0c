import { eq } from "drizzle-orm";
import { now } from "../clock";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import type { AccountEventKind } from "@/lib/contract/activity";
import { BY_SUPPORT, recordAccountEvent } from "./account-events";
import { endUserSessions } from "./sign-out";
import type { UserRow, UserStatus } from "./users";

const STATUS_EVENT = { banned: "banned", restricted: "restricted", active: "unbanned" } as const satisfies Record<UserStatus, AccountEventKind>;

/**
 * An operator's change of a user's status, for every door (the console's user page and
 * `npm run cli -- user:restrict|ban|unban`). restricted: sign-in refused (20103); banned: refused
 * (20105) and every session ends at once; active: both lifted. Returns the previous status and how
 * many sessions ended.
 */
export async function changeUserStatus(user: Pick<UserRow, "id" | "status">, status: UserStatus): Promise<{ previous: UserStatus; ended: number }> {
  const db = await getDb();
  await db.update(users).set({ status, updatedAt: now() }).where(eq(users.id, user.id));
  const ended = status === "banned" ? await endUserSessions(user.id) : 0;
  // shown to the user as support's doing, without the operator (the audit log names them)
  if (user.status !== status) await recordAccountEvent(user.id, STATUS_EVENT[status], BY_SUPPORT);
  return { previous: user.status, ended };
}
