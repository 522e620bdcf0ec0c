import { lt } from "drizzle-orm";
import { sealData, unsealData } from "iron-session";
import { now } from "../clock";
import { sha256Hex } from "../crypto";
import { getDb } from "../db/client";
import { oauthUsedStates } from "../db/schema";
import { deriveSecret } from "../secrets";

/**
 * A pending authorization: everything the callback must check or needs (state, nonce, PKCE
 * verifier, the redirect URI, the operation and the account to connect, where to return). It
 * travels sealed (iron-session: encrypted and signed with a key derived from the services'
 * secret) in a cookie of the browser that started it, so the callback only works in that
 * browser: a callback address sent to someone else finds no cookie.
 *
 * The cookie is SameSite=None: Apple answers with form_post, a cross-site POST on which a Lax
 * cookie is not sent. It is HttpOnly, scoped to /v1/oauth/{channel}/, and lives as long as the
 * authorization (10 minutes). Its name carries a hash of the state, so sign-ins in several
 * tabs do not overwrite each other. A state is used once: the callback claims it in
 * oauth_used_states, and a second callback with it is refused.
 */
export const PENDING_TTL_SECONDS = 600;
const COOKIE_PREFIX = "passport_oauth_";

export type PendingAuthorization = {
  channel: string;
  op: "login" | "bind";
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  /** the portal's callback address (already checked against the allowlist) */
  uri: string;
  r: string | null;
  p: string | null;
  /** op=bind: the account and the session that asked */
  userId: string | null;
  sessionId: string | null;
  app: { appCode: string | null; platform: string | null; appVersion: string | null };
  /** op=login: the hash of the portal browser's device id, for a sign-in held for two-step */
  deviceHash?: string | null;
};

async function password(): Promise<string> {
  return deriveSecret("social-pending-authorization");
}

export function pendingCookieName(state: string): string {
  return `${COOKIE_PREFIX}${sha256Hex(state).slice(0, 24)}`;
}

export async function sealPending(pending: PendingAuthorization): Promise<string> {
  return sealData(pending, { password: await password(), ttl: PENDING_TTL_SECONDS });
}

/** The pending authorization of a sealed cookie; null when it is missing, forged, or older than its TTL. */
export async function unsealPending(sealed: string | undefined): Promise<PendingAuthorization | null> {
  if (!sealed || sealed.length > 4096) return null;
  try {
    const data = await unsealData<Partial<PendingAuthorization>>(sealed, { password: await password(), ttl: PENDING_TTL_SECONDS });
    return typeof data.state === "string" && typeof data.nonce === "string" && typeof data.uri === "string" ? (data as PendingAuthorization) : null;
  } catch {
    return null;
  }
}

/** Claim a state for this callback; false when it was claimed before (a replay). */
export async function claimState(state: string): Promise<boolean> {
  return claimOnce(state, new Date(now().getTime() + PENDING_TTL_SECONDS * 1000));
}

/**
 * Claim a single-use value (a state, a bind ticket) until it is dead anyway (`until`); false
 * when it was claimed before. Only its sha256 is kept, and rows past their time are deleted.
 */
export async function claimOnce(value: string, until: Date): Promise<boolean> {
  const db = await getDb();
  await db.delete(oauthUsedStates).where(lt(oauthUsedStates.expiresAt, now()));
  const claimed = await db
    .insert(oauthUsedStates)
    .values({ stateHash: sha256Hex(value), expiresAt: until })
    .onConflictDoNothing()
    .returning({ stateHash: oauthUsedStates.stateHash });
  return claimed.length === 1;
}

/** Cookie attributes: SameSite=None needs Secure, which browsers accept on https and on loopback http. */
export function pendingCookieOptions(base: string, path: string) {
  const url = new URL(base);
  const plainLan = url.protocol === "http:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return {
    path,
    httpOnly: true,
    secure: !plainLan,
    sameSite: plainLan ? ("Lax" as const) : ("None" as const),
    maxAge: PENDING_TTL_SECONDS,
  };
}
