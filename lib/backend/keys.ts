import { hkdfSync } from "node:crypto";
import { getConfig } from "./config";
import { getCodeSecret } from "./secrets";

/**
 * Keys that must never be in the database, so that a copy of it reveals neither unused
 * redemption codes nor device passwords. Each purpose has its own variable; without it, a key is
 * derived (HKDF-SHA256, one per purpose) from CODE_SECRET, or from the secret file in DATA_DIR
 * when the embedded database is used. With DATABASE_URL and neither variable, the only secret
 * left is the one kept in the database itself, so the key is refused instead (KeyUnavailableError).
 */
export class KeyUnavailableError extends Error {
  override readonly name = "KeyUnavailableError";
}

type Purpose = { variable: "EXCHANGE_CODE_KEY" | "SN_PASSWORD_KEY"; configured: string | null; info: string };

async function fallbackRoot(variable: string): Promise<Buffer> {
  const config = getConfig();
  if (config.codeSecret) return Buffer.from(config.codeSecret, "utf8");
  if (!config.databaseUrl) return getCodeSecret();
  throw new KeyUnavailableError(`${variable} (or CODE_SECRET) must be set when DATABASE_URL is used: this key may not live in the database.`);
}

async function keyFor(purpose: Purpose): Promise<Buffer> {
  if (purpose.configured) return Buffer.from(purpose.configured, "utf8");
  // No log line here: operator commands print CSV on standard output, where the log goes too.
  const root = await fallbackRoot(purpose.variable);
  return Buffer.from(hkdfSync("sha256", root, Buffer.alloc(0), purpose.info, 32));
}

/** The root of the exchange codes' HMAC and encryption keys. */
export function exchangeRootKey(): Promise<Buffer> {
  return keyFor({ variable: "EXCHANGE_CODE_KEY", configured: getConfig().exchangeCodeKey, info: "passport/exchange-code-key" });
}

/** The HMAC key of the SN password derivation (docs/exchange-and-training.md): SN_PASSWORD_KEY as UTF-8 bytes. */
export function snPasswordKey(): Promise<Buffer> {
  return keyFor({ variable: "SN_PASSWORD_KEY", configured: getConfig().snPasswordKey, info: "passport/sn-password-key" });
}

/** A 32-byte sub-key of a root key, one per use. */
export function subKey(root: Buffer, use: string): Buffer {
  return Buffer.from(hkdfSync("sha256", root, Buffer.alloc(0), use, 32));
}
