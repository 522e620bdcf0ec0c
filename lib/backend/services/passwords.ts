import { randomInt } from "node:crypto";
import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { randomToken } from "../crypto";
import { verifyForeign } from "./password-formats";
import { singleton } from "../singleton";

/** argon2id (the library's default, stated here on purpose); m=19456 KiB, t=2, p=1: ~7 ms. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Passwords are hashed in Unicode normalisation form C, the form lib/contract/rules.ts counts
 * them in: "é" typed composed (one code point) or decomposed (e + combining accent, as some
 * keyboards and pasted macOS text give it) is the same password, whatever device types it.
 * Hashes made before this rule are of the password exactly as it was typed, so a check that
 * fails in NFC tries the text as typed when that differs: nobody who could sign in before is
 * locked out. The second try costs one more hash only for text that NFC changes (never plain
 * ASCII), and the dummy check of an unknown account pays it alike (verifyAgainstDummy).
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize("NFC"), OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const composed = password.normalize("NFC");
  if (await verifyExactly(passwordHash, composed)) return true;
  return composed !== password && (await verifyExactly(passwordHash, password));
}

/** Every hash this service writes starts so; anything else is re-hashed at the next successful sign-in. */
const OURS = "$argon2id$v=19$m=19456,t=2,p=1$";

export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(OURS);
}

async function verifyExactly(passwordHash: string, password: string): Promise<boolean> {
  // ours and other systems' argon2 (an imported argon2i or argon2id of other parameters) in one
  // check; bcrypt and PBKDF2 only for users imported with them (password-formats.ts)
  if (!passwordHash.startsWith("$argon2")) return verifyForeign(passwordHash, password);
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // malformed stored hash: never a match
  }
}

/**
 * Burn the same time as a real check when there is no account, so response times do not
 * tell which emails are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  const dummy = await singleton("dummyPasswordHash", () => hashPassword(randomToken(16)));
  await verifyPassword(dummy, password);
}

/**
 * A password the services make for someone (an enterprise's default password, an operator's
 * first or reset password), shown once and stored hashed. 16 characters without look-alikes
 * (no 0/O, 1/l/I): ~92 bits, typeable from a printout.
 */
const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
export function generatePassword(length = 16): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join("");
}
