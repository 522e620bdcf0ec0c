import "server-only";
import { cookies, headers } from "next/headers";
import { publicOrigin } from "@/lib/session/public-origin";
import { encodeFlash, SOCIAL_FLASH_COOKIE, SOCIAL_FLASH_MAX_AGE, type SocialFlash } from "./flash";

/**
 * The portal's cookies of a social sign-in, all HttpOnly but the flash:
 * - `passport_social_start`: set when this browser starts a sign-in (the launch context it
 *   started with); /{lang}/authcb takes a token only while it is there, so a link to authcb
 *   with someone else's token cannot sign a visitor in (login CSRF), and the launch context
 *   (s, av, …) survives the trip through the provider;
 * - `passport_social_link`: the services' connection ticket, kept out of pages and addresses
 *   while the connection screen asks for the proof;
 * - the flash (flash.ts).
 * SameSite=Lax: they come back on the top-level navigation from the services to authcb.
 */
export const SOCIAL_START_COOKIE = "passport_social_start";
export const SOCIAL_LINK_COOKIE = "passport_social_link";
const TEN_MINUTES = 600;

async function options(maxAge: number) {
  const secure = publicOrigin(await headers()).protocol === "https:";
  return { path: "/", httpOnly: true, sameSite: "lax" as const, secure, maxAge };
}

export async function markSocialStart(launchQuery: string): Promise<void> {
  (await cookies()).set(SOCIAL_START_COOKIE, launchQuery.slice(0, 1024) || "-", await options(TEN_MINUTES));
}

/** The launch query the sign-in started with, once; null when this browser started none. */
export async function takeSocialStart(): Promise<string | null> {
  const jar = await cookies();
  const value = jar.get(SOCIAL_START_COOKIE)?.value;
  if (value === undefined) return null;
  jar.delete(SOCIAL_START_COOKIE);
  return value === "-" ? "" : value;
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
