import { OPERATOR_ABSOLUTE_SECONDS } from "@/lib/contract/admin/roles";

/**
 * The operator console's own session cookie (docs/operators.md). `__Host-`: Secure, Path=/, no
 * Domain, so no sibling site can set or read it. SameSite=Strict and HttpOnly. As for the
 * consumer cookie (lib/session/cookie.ts), browsers accept Secure on http://localhost; plain
 * http to another host (a LAN test) cannot keep a Secure cookie, so there it is a plain name
 * without Secure. The consumer's `utoken` and this cookie never stand in for each other.
 */
export const ADMIN_COOKIE = "__Host-passport_admin";
export const ADMIN_COOKIE_PLAIN = "passport_admin";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export type AdminCookie = {
  name: string;
  options: { httpOnly: true; secure: boolean; sameSite: "strict"; path: "/"; maxAge: number };
};

export function adminCookie(origin: { protocol: string; hostname: string }): AdminCookie {
  const plainLan = origin.protocol === "http:" && !LOOPBACK.has(origin.hostname);
  return {
    name: plainLan ? ADMIN_COOKIE_PLAIN : ADMIN_COOKIE,
    // the browser drops it at the absolute lifetime; the services end it earlier when idle
    options: { httpOnly: true, secure: !plainLan, sameSite: "strict", path: "/", maxAge: OPERATOR_ABSOLUTE_SECONDS },
  };
}

/** A path below the language that is the console's (`admin`, `admin/users/…`), given its base. */
export function isConsolePath(rest: string, base: string): boolean {
  return rest === base || rest.startsWith(`${base}/`);
}

/** The console's own route folder (app/[lang]/admin) for a path under the configured base. */
export function consoleRoutePath(rest: string, base: string): string {
  return `admin${rest.slice(base.length)}`;
}
