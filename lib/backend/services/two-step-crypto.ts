import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { hmacHex } from "../crypto";
import { deriveSecret } from "../secrets";

/**
 * Keys of two-step sign-in, derived from the services' persisted secret (secrets.ts: CODE_SECRET,
 * else DATA_DIR/secret or the server_secrets table), one per purpose, so nothing new is stored or
 * shared between instances. With CODE_SECRET set, a copy of the database alone decrypts nothing.
 */
const VERSION = "v1";

async function key(purpose: string): Promise<Buffer> {
  return createHash("sha256").update(await deriveSecret(purpose), "utf8").digest();
}

/**
 * An authenticator secret encrypted at rest: AES-256-GCM with a random 96-bit nonce, the user id
 * as associated data (a row copied to another user does not decrypt). "v1.nonce.tag.data", base64url.
 */
export async function encryptTotpSecret(userId: string, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await key("two-step-totp"), iv);
  cipher.setAAD(Buffer.from(userId, "utf8"));
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The secret, or null when the value is damaged, was made under another key or for another user. */
export async function decryptTotpSecret(userId: string, sealed: string): Promise<string | null> {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", await key("two-step-totp"), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(userId, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** A recovery code as stored: HMAC-SHA-256 of the user id and the normalised code, hex. */
export async function recoveryCodeHash(userId: string, normalised: string): Promise<string> {
  return hmacHex(await key("two-step-recovery"), `${userId}:${normalised}`);
}
