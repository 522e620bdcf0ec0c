import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { deriveSecret } from "../secrets";

/**
 * Secrets of the OpenID Provider at rest (its private signing keys, the secrets of
 * client_secret_basic clients): AES-256-GCM under a key derived from the services' persisted
 * secret (secrets.ts: CODE_SECRET, else DATA_DIR/secret or the server_secrets table), one key per
 * purpose, as two-step's authenticator secrets are sealed. `bound` is associated data (the key id,
 * the client id), so a value copied to another row does not open. "v1.nonce.tag.data", base64url.
 */
const VERSION = "v1";

export type SealPurpose = "oidc-signing-key" | "oidc-client-secret";

async function key(purpose: SealPurpose): Promise<Buffer> {
  return createHash("sha256").update(await deriveSecret(purpose), "utf8").digest();
}

export async function seal(purpose: SealPurpose, bound: string, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await key(purpose), iv);
  cipher.setAAD(Buffer.from(bound, "utf8"));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

/** The value, or null when it is damaged, was sealed under another key or for another row. */
export async function unseal(purpose: SealPurpose, bound: string, sealed: string): Promise<string | null> {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", await key(purpose), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(bound, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
