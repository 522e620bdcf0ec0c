import { pbkdf2, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import bcrypt from "bcryptjs";

/**
 * Password hashes of other systems, kept as they are when users are imported (services/user-import)
 * and checked here until the user's first successful sign-in replaces them with ours
 * (passwords.ts needsRehash, password-upgrade.ts):
 * - bcrypt: `$2a$`, `$2b$`, `$2y$` (Keycloak extensions, Auth0, most PHP and Rails apps);
 * - PBKDF2-SHA256: `pbkdf2-sha256$ITERATIONS$SALT$HASH` (salt and hash in base64; passlib's
 *   `$pbkdf2-sha256$…` with its `.` for `+` too). Keycloak's export (iterations, salt, value in
 *   its credential data) is written in this form by the import;
 * - argon2: PHC strings `$argon2id$…`, `$argon2i$…`, `$argon2d$…` (ZITADEL, Logto), checked by
 *   passwords.ts with the library that checks ours.
 */
export type HashFormat = "argon2" | "bcrypt" | "pbkdf2-sha256";

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const PBKDF2 = /^\$?pbkdf2-sha256\$(\d{1,7})\$([A-Za-z0-9+/.=_-]{4,})\$([A-Za-z0-9+/.=_-]{16,})$/;
const ARGON2 = /^\$argon2(id|i|d)\$(v=\d+\$)?m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

/** PBKDF2 iterations a stored hash may ask for: enough for every real export, bounded so a crafted row cannot stall a sign-in. */
export const PBKDF2_MAX_ITERATIONS = 5_000_000;

export function hashFormat(stored: string): HashFormat | null {
  if (ARGON2.test(stored)) return "argon2";
  if (BCRYPT.test(stored)) return "bcrypt";
  const pbkdf = PBKDF2.exec(stored);
  if (pbkdf && Number(pbkdf[1]) >= 1 && Number(pbkdf[1]) <= PBKDF2_MAX_ITERATIONS) return "pbkdf2-sha256";
  return null;
}

/** Keycloak's credential (iterations, base64 salt, base64 value) in the string form above. */
export function pbkdf2String(iterations: number, salt: string, value: string): string {
  return `pbkdf2-sha256$${iterations}$${salt}$${value}`;
}

function base64(text: string): Buffer {
  // passlib's adapted base64 writes "." for "+"; Buffer reads standard and URL-safe alphabets
  return Buffer.from(text.replace(/\./g, "+"), "base64");
}

const pbkdf2Async = promisify(pbkdf2);

async function verifyPbkdf2(stored: string, password: string): Promise<boolean> {
  const match = PBKDF2.exec(stored);
  if (!match) return false;
  const [, iterations = "0", salt = "", value = ""] = match;
  const expected = base64(value);
  if (expected.length < 16 || expected.length > 128) return false;
  const derived = await pbkdf2Async(password, base64(salt), Number(iterations), expected.length, "sha256");
  return timingSafeEqual(derived, expected);
}

/** A bcrypt or PBKDF2 hash of another system (argon2 is passwords.ts's own check). */
export async function verifyForeign(stored: string, password: string): Promise<boolean> {
  switch (hashFormat(stored)) {
    case "bcrypt":
      // $2y$ (PHP) is the same algorithm as $2b$ under another name
      return bcrypt.compare(password, stored.replace(/^\$2y\$/, "$2b$"));
    case "pbkdf2-sha256":
      return verifyPbkdf2(stored, password);
    default:
      return false;
  }
}
