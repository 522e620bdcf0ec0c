import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from "node:crypto";
import { canonicalRedeemCode, REDEEM_CODE_LENGTH } from "@/lib/contract/rules";
import { exchangeRootKey, subKey } from "../keys";

/**
 * Redemption codes at rest. A code is 16 characters of an alphabet without look-alikes (no 0/O,
 * 1/I): 32 symbols, 80 random bits. The database holds only its HMAC (to find it) and its
 * AES-256-GCM encryption (so an operator can export a batch again), both under keys derived from
 * EXCHANGE_CODE_KEY, which is never stored in the database (lib/backend/keys.ts).
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

export type CodeKeys = { hmac: Buffer; seal: Buffer };

export async function codeKeys(): Promise<CodeKeys> {
  const root = await exchangeRootKey();
  return { hmac: subKey(root, "exchange-code/hmac"), seal: subKey(root, "exchange-code/aes-256-gcm") };
}

export function generateRedeemCode(): string {
  return Array.from({ length: REDEEM_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
}

/** The lookup hash of a code as a user may type it (any case, spaces around). */
export function codeHash(keys: CodeKeys, code: string): string {
  return createHmac("sha256", keys.hmac).update(canonicalRedeemCode(code), "utf8").digest("hex");
}

export function sealCode(keys: CodeKeys, code: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys.seal, iv);
  const body = Buffer.concat([cipher.update(canonicalRedeemCode(code), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The code of a sealed value; throws when the key is not the one it was sealed with. */
export function openCode(keys: CodeKeys, sealed: string): string {
  const raw = Buffer.from(sealed, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", keys.seal, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
