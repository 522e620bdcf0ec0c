import "server-only";
import { timingSafeEqual } from "node:crypto";
import { cookies, headers } from "next/headers";
import { SOCIAL_STATE_PATTERN } from "@/lib/contract/social-return";
import { randomUrlToken } from "@/lib/session/cookie";
import { publicOrigin } from "@/lib/session/public-origin";
import { encodeFlash, SOCIAL_FLASH_COOKIE, SOCIAL_FLASH_MAX_AGE, type SocialFlash } from "./flash";

/**
 * The portal's cookies of a social sign-in, all HttpOnly but the flash:
 * - `passport_social_start`: set when this browser starts a round trip: a nonce and the launch
 *   context it started with. The nonce also rides in the callback address the services return to
 *   (`sn`, lib/contract/social-return.ts), so /{lang}/authcb takes a token, a ticket or a result
 *   only from the return of the round trip this browser started. Another site can make a browser
 *   start a round trip (a popup to /api/social/…), but cannot learn its nonce, so a link to
 *   authcb with someone else's token signs nobody in (login CSRF). The first callback consumes
 *   it, whatever it carries; the launch context (s, av, …) survives the trip through the provider;
 * - `passport_social_link`: the services' connection ticket, kept out of pages and addresses
 *   while the connection screen asks for the proof;
 * - the flash (flash.ts).
 * SameSite=Lax: they come back on the top-level navigation from the services to authcb.
 */
export const SOCIAL_START_COOKIE = "passport_social_start";
export const SOCIAL_LINK_COOKIE = "passport_social_link";
const TEN_MINUTES = 600;
const NONCE_BYTES = 24;

async function options(maxAge: number) {
  const secure = publicOrigin(await headers()).protocol === "https:";
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure, maxAge };
}

/** Marks a new round trip; returns its nonce, for the callback address. */
export async function markSocialStart(launchQuery: string): Promise<string> {
  const nonce = randomUrlToken(NONCE_BYTES);
  (await cookies()).set(SOCIAL_START_COOKIE, `${nonce}~${launchQuery.slice(0, 1024)}`, await options(TEN_MINUTES));
  return nonce;
}

function sameNonce(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The launch query of the round trip this browser started, when `returned` (the callback's `sn`)
 * is its nonce; null otherwise. Consumed by this call either way: one callback per round trip.
 */
export async function takeSocialStart(returned: string | null): Promise<string | null> {
  const jar = await cookies();
  const value = jar.get(SOCIAL_START_COOKIE)?.value;
  if (value === undefined) return null;
  jar.delete(SOCIAL_START_COOKIE);
  const cut = value.indexOf("~");
  const nonce = cut < 0 ? "" : value.slice(0, cut);
  if (!returned || !SOCIAL_STATE_PATTERN.test(returned) || !SOCIAL_STATE_PATTERN.test(nonce) || !sameNonce(nonce, returned)) return null;
  return value.slice(cut + 1);
}

export async function holdLinkTicket(ticket: string): Promise<void> {
  (await cookies()).set(SOCIAL_LINK_COOKIE, ticket, await options(TEN_MINUTES));
}

export async function readLinkTicket(): Promise<string | null> {
  const value = (await cookies()).get(SOCIAL_LINK_COOKIE)?.value;
  return value && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;
}

export async function dropLinkTicket(): Promise<void> {
  (await cookies()).delete(SOCIAL_LINK_COOKIE);
}

export async function setSocialFlash(flash: SocialFlash): Promise<void> {
  (await cookies()).set(SOCIAL_FLASH_COOKIE, encodeFlash(flash), { path: "/", sameSite: "lax", maxAge: SOCIAL_FLASH_MAX_AGE });
}
