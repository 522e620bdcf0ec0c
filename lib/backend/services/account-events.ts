import type { AccountEventKind } from "@/lib/contract/activity";
import { now } from "../clock";
import { getDb } from "../db/client";
import { accountEvents } from "../db/schema";
import type { ClientInfo } from "./sessions";
import type { Tx } from "./ways-in";

/**
 * Writes one security event of an account (the activity page's rows beside the login log). Called
 * by the service that made the change, inside its transaction when it has one: `getDb()` answers
 * the ambient one of `inTransaction`, and a caller in `db.transaction` passes its `tx`. The
 * request's address and user agent are kept as the login log keeps them; an operator's are not
 * (support acts from its own machine, which is not the account's).
 */
export type EventActor = "self" | "support";

type Source = Pick<ClientInfo, "ip" | "userAgent" | "appCode">;

const NO_CLIENT: Source = { ip: null, userAgent: null, appCode: null };

export type EventBy = { actor: "self"; client: Source } | { actor: "support" };

export async function recordAccountEvent(
  userId: string,
  kind: AccountEventKind,
  by: EventBy,
  options: { provider?: string; db?: Tx } = {},
): Promise<void> {
  const db = options.db ?? (await getDb());
  const client = by.actor === "self" ? by.client : NO_CLIENT;
  await db.insert(accountEvents).values({
    userId,
    kind,
    actor: by.actor,
    createdAt: now(),
    ip: client.ip,
    userAgent: client.userAgent,
    appCode: client.appCode,
    provider: options.provider ?? null,
  });
}

/** The user's own change, from the request that made it. */
export function bySelf(client: Source): { actor: "self"; client: Source } {
  return { actor: "self", client };
}

export const BY_SUPPORT = { actor: "support" } as const;
