import { OPERATOR_ABSOLUTE_SECONDS } from "@/lib/contract/console/roles";

/**
 * The operator console's own session cookie (docs/operators.md). `__Host-`: Secure, Path=/, no
 * Domain, so no sibling site can set or read it. SameSite=Strict and HttpOnly. As for the
 * consumer cookie (lib/session/cookie.ts), browsers accept Secure on http://localhost; plain
 * http to another host (a LAN test) cannot keep a Secure cookie, so there it is a plain name
 * without Secure. The consumer's `utoken` and this cookie never stand in for each other.
 */
export const CONSOLE_COOKIE = "__Host-passport_console";
export const CONSOLE_COOKIE_PLAIN = "passport_console";

/** The console's place below the language unless CONSOLE_BASE_PATH says otherwise, and its former one. */
export const DEFAULT_CONSOLE_BASE = "console";
const FORMER_CONSOLE_BASE = "admin";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

export type ConsoleCookie = {
  name: string;
  options: { httpOnly: true; secure: boolean; sameSite: "strict"; path: "/"; maxAge: number };
};

export function consoleCookie(origin: { protocol: string; hostname: string }): ConsoleCookie {
  const plainLan = origin.protocol === "http:" && !LOOPBACK.has(origin.hostname);
  return {
    name: plainLan ? CONSOLE_COOKIE_PLAIN : CONSOLE_COOKIE,
    // the browser drops it at the absolute lifetime; the services end it earlier when idle
    options: { httpOnly: true, secure: !plainLan, sameSite: "strict", path: "/", maxAge: OPERATOR_ABSOLUTE_SECONDS },
  };
}

/** A path below the language that is the console's (`console`, `console/users/…`), given its base. */
export function isConsolePath(rest: string, base: string): boolean {
  return rest === base || rest.startsWith(`${base}/`);
}

/** The console's own route folder (app/[lang]/console) for a path under the configured base. */
export function consoleRoutePath(rest: string, base: string): string {
  return `console${rest.slice(base.length)}`;
}

/**
 * Where an address of the console's old default place (`admin`, `admin/users/…`, before the
 * console had one name) now is, so operators' bookmarks still work: only while the console is at
 * its default place (a deployment that chose its own base keeps it to itself), else null.
 */
export function formerConsolePath(rest: string, base: string): string | null {
  if (base !== DEFAULT_CONSOLE_BASE || !isConsolePath(rest, FORMER_CONSOLE_BASE)) return null;
  return `${DEFAULT_CONSOLE_BASE}${rest.slice(FORMER_CONSOLE_BASE.length)}`;
}
