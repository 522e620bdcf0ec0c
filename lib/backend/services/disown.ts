import { and, eq, isNull } from "drizzle-orm";
import { FAILED_GROUP_ID } from "@/lib/contract/activity";
import { now } from "../clock";
import { getDb } from "../db/client";
import { accountEvents, sessions, signInFailures, users } from "../db/schema";
import { ErrorCode, ServiceError, throttled } from "../errors";
import { rateLimit, isOver } from "../ratelimit";
import { failureDay, shownFailures } from "./account-activity";
import { bySelf, recordAccountEvent } from "./account-events";
import { LIMITS } from "./limits";
import { sendSecurityNotice } from "./security-notices";
import type { ClientInfo, SessionRow } from "./sessions";
import { endEverySessionWith } from "./sign-out";
import type { UserRow } from "./users";

/**
 * POST /v1/user/security/activity/disown, "This wasn't me" (docs/security.md): one step that
 * secures the account. In one transaction: the item of the caller's own activity is marked (a
 * sign-in `s-<id>`, a security event `<id>`, or one day's refused sign-ins from one address
 * `f-<day>-<address>`, shown for 30 days; another account's or an unknown id → 20222, nothing changed), a password sign-in is refused until a new password is
 * set through the emailed reset (20221: whoever did it may know the password), an account event
 * records it and every session ends, the caller's own included. Then every app's grants and
 * refresh tokens are revoked (back-channel logout; sign-out.ts) and a security notice goes out in
 * the account's language. Saying it twice is harmless: the account is secured again.
 */
async function markDisowned(user: Pick<UserRow, "id" | "email">, id: string, at: Date): Promise<boolean> {
  const db = await getDb();
  const userId = user.id;
  const group = FAILED_GROUP_ID.exec(id);
  if (group) {
    const [, day, ip] = group;
    const marked = await db
      .update(signInFailures)
      .set({ disownedAt: at })
      .where(and(shownFailures(user.email), eq(failureDay, day ?? ""), ip === "none" ? isNull(signInFailures.ip) : eq(signInFailures.ip, ip ?? "")))
      .returning({ id: signInFailures.id });
    return marked.length > 0;
  }
  if (id.startsWith("s-")) {
    const marked = await db
      .update(sessions)
      .set({ disownedAt: at })
      .where(and(eq(sessions.id, id.slice(2)), eq(sessions.userId, userId)))
      .returning({ id: sessions.id });
    return marked.length > 0;
  }
  const [event] = await db.select({ kind: accountEvents.kind }).from(accountEvents).where(and(eq(accountEvents.id, id), eq(accountEvents.userId, userId)));
  // its own record is not an event to disown
  if (!event || event.kind === "account_secured") return false;
  await db.update(accountEvents).set({ disownedAt: at }).where(eq(accountEvents.id, id));
  return true;
}

async function takeDisown(userId: string): Promise<void> {
  const usage = await (await rateLimit(LIMITS.disownPerUser)).hit(userId);
  if (isOver(usage, LIMITS.disownPerUser)) throw throttled(usage.resetInMs);
}

export async function disownActivity(current: { user: UserRow; session: SessionRow }, id: string, client: ClientInfo): Promise<{ ended: number }> {
  const { user } = current;
  await takeDisown(user.id);
  const at = now();
  const ended = await endEverySessionWith(user.id, async () => {
    if (!(await markDisowned(user, id, at))) throw new ServiceError(ErrorCode.activityNotFound);
    const db = await getDb();
    await db.update(users).set({ passwordResetRequired: true, updatedAt: at }).where(eq(users.id, user.id));
    await recordAccountEvent(user.id, "account_secured", bySelf(client));
  });
  sendSecurityNotice(user, "account_secured", client);
  return { ended };
}
