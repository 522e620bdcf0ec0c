import { and, eq } from "drizzle-orm";
import { sealData, unsealData } from "iron-session";
import { addSeconds, now } from "../clock";
import { getDb } from "../db/client";
import { sessions, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { deriveSecret } from "../secrets";
import { liveAt, type SessionRow } from "../services/sessions";
import type { UserRow } from "../services/users";
import { claimOnce } from "./pending";

/**
 * Connecting a provider from account security (op=bind) starts with a browser navigation to
 * /v1/oauth/{channel}/auth, whose address ends up in the history and in every proxy's log. So
 * the session is never in it: the portal asks for a bind ticket server to server with the
 * session (POST /v1/oauth/bind-ticket), and the address carries the ticket (`bt`).
 *
 * A ticket is sealed (iron-session: encrypted and signed with a key derived from the services'
 * secret), names its session, its account and its provider, lives BIND_TICKET_TTL_SECONDS and is
 * redeemed once (claimed in oauth_used_states). A used, expired, forged or other provider's
 * ticket, and one whose session has ended since (even while the account has others), is 20306.
 */
export const BIND_TICKET_TTL_SECONDS = 300;

type Sealed = { sid: string; uid: string; ch: string; exp: number };

async function password(): Promise<string> {
  return deriveSecret("social-bind-ticket");
}

/** POST /v1/oauth/bind-ticket: enterprise accounts never connect a provider (20305). */
export async function createBindTicket(current: { user: UserRow; session: SessionRow }, channel: string): Promise<{ ticket: string; expiresIn: number }> {
  if (current.user.enterpriseId) throw new ServiceError(ErrorCode.socialEnterprise);
  const exp = addSeconds(now(), BIND_TICKET_TTL_SECONDS).getTime();
  const sealed: Sealed = { sid: current.session.id, uid: current.user.id, ch: channel, exp };
  // iron's own expiry (with its clock skew allowance) only backs up `exp`, checked on the services' clock
  const ticket = await sealData(sealed, { password: await password(), ttl: BIND_TICKET_TTL_SECONDS + 120 });
  return { ticket, expiresIn: BIND_TICKET_TTL_SECONDS };
}

async function unseal(ticket: string): Promise<Sealed | null> {
  if (ticket.length > 1024) return null;
  try {
    const data = await unsealData<Partial<Sealed>>(ticket, { password: await password(), ttl: BIND_TICKET_TTL_SECONDS + 120 });
    const { sid, uid, ch, exp } = data;
    return typeof sid === "string" && typeof uid === "string" && typeof ch === "string" && typeof exp === "number" ? { sid, uid, ch, exp } : null;
  } catch {
    return null;
  }
}

/** The account and session a bind ticket was made for, spending it; anything wrong → 20306. */
export async function redeemBindTicket(ticket: string, channel: string): Promise<{ userId: string; sessionId: string }> {
  const sealed = await unseal(ticket);
  const at = now();
  if (!sealed || sealed.ch !== channel || sealed.exp <= at.getTime()) throw new ServiceError(ErrorCode.socialLinkExpired);
  if (!(await claimOnce(`bind:${ticket}`, new Date(sealed.exp)))) throw new ServiceError(ErrorCode.socialLinkExpired);
  const db = await getDb();
  const [live] = await db
    .select({ status: users.status })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sealed.sid), eq(sessions.userId, sealed.uid), liveAt(at)))
    .limit(1);
  if (!live || live.status === "banned") throw new ServiceError(ErrorCode.socialLinkExpired);
  return { userId: sealed.uid, sessionId: sealed.sid };
}
