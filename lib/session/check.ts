import { sealData, unsealData } from "iron-session";

/**
 * The sealed session check (issue: fast signed-in pages). After the guard has asked the
 * passport API about a token, it keeps the answer in a short-lived cookie sealed with
 * iron-session (encrypted and signed with SESSION_SECRET) and bound to the token by a hash, so
 * the next navigations cost no upstream round trip. The answer is re-checked once it is older
 * than CHECK_FRESH_SECONDS, whenever the token changes, and it is dropped with the token when any
 * upstream call answers 20101. Edge-safe.
 */
export const CHECK_COOKIE = "passport_check";
/** The request header by which the guard tells a page whose session it checked (set by the guard only). */
export const CHECKED_UID_HEADER = "x-passport-checked-uid";
/** How long a check is believed without asking again. */
export const CHECK_FRESH_SECONDS = 60;
/** How long the sealed cookie itself lives (a little longer, so an old one is simply ignored). */
const CHECK_TTL_SECONDS = 5 * 60;
/** The cookie's own lifetime, as the proxy and the sign-in actions set it. */
export const CHECK_COOKIE_SECONDS = CHECK_TTL_SECONDS;

type Check = { h: string; e: boolean; u: string; at: number };
/** What a fresh check says about the token's user. */
export type CheckedUser = { enterprise: boolean; uid: string };

async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return btoa(String.fromCharCode(...new Uint8Array(digest))).slice(0, 32);
}

/**
 * Checks already opened, by sealed value, secret and token: a browser sends the same cookie on
 * every navigation for a minute, and opening it (key derivation, HMAC, decryption) cost several
 * per cent of a signed-in view. Only checks that were valid for that very token are kept, and
 * their freshness is judged again on every read, exactly as for a newly opened one.
 */
const OPENED_MAX = 1000;
const opened = new Map<string, Check>();

function remember(key: string, check: Check): void {
  if (opened.size >= OPENED_MAX) {
    const oldest = opened.keys().next().value;
    if (oldest !== undefined) opened.delete(oldest);
  }
  opened.set(key, check);
}

function isFresh(check: Check, nowMs: number): boolean {
  return nowMs - check.at <= CHECK_FRESH_SECONDS * 1000 && check.at <= nowMs + 5_000;
}

/** The user (enterprise flag, id) of a still-fresh check of this very token, or null (ask upstream). */
export async function readCheck(sealed: string | undefined, token: string, secret: string | null, nowMs = Date.now()): Promise<CheckedUser | null> {
  if (!sealed || !secret) return null;
  const key = `${secret}\n${token}\n${sealed}`;
  const known = opened.get(key);
  if (known) {
    if (isFresh(known, nowMs)) return { enterprise: known.e, uid: known.u };
    opened.delete(key);
    return null;
  }
  try {
    const check = await unsealData<Partial<Check>>(sealed, { password: secret, ttl: CHECK_TTL_SECONDS });
    if (typeof check.h !== "string" || typeof check.e !== "boolean" || typeof check.u !== "string" || typeof check.at !== "number") return null;
    const whole: Check = { h: check.h, e: check.e, u: check.u, at: check.at };
    if (!isFresh(whole, nowMs) || whole.h !== (await tokenHash(token))) return null;
    remember(key, whole);
    return { enterprise: whole.e, uid: whole.u };
  } catch {
    return null;
  }
}

export async function sealCheck(token: string, user: CheckedUser, secret: string, nowMs = Date.now()): Promise<string> {
  const check: Check = { h: await tokenHash(token), e: user.enterprise, u: user.uid, at: nowMs };
  return sealData(check, { password: secret, ttl: CHECK_TTL_SECONDS });
}
