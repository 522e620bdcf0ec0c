import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { randomToken } from "../crypto";
import { singleton } from "../singleton";

/** argon2id (the library's default, stated here on purpose); m=19456 KiB, t=2, p=1: ~7 ms. */
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
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
