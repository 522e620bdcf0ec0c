import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { now } from "../../clock";
import { deriveSecret } from "../../secrets";

/**
 * The operators' authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30 s). The secret is
 * stored encrypted (AES-256-GCM under a key derived from the server secret, so a copy of the
 * table alone gives nothing) and is shown once, when the operator is created.
 */
const ISSUER = "Passport console";
const PERIOD = 30;

async function key(): Promise<Buffer> {
  return Buffer.from(await deriveSecret("operator-totp-secret"), "hex");
}

/** "iv.tag.ciphertext", base64url. */
export async function sealSecret(base32: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await key(), iv);
  const body = Buffer.concat([cipher.update(base32, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

export async function openSecret(sealed: string): Promise<string> {
  const [iv = "", tag = "", body = ""] = sealed.split(".");
  const decipher = createDecipheriv("aes-256-gcm", await key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}

function totpOf(base32: string, email: string): TOTP {
  return new TOTP({ issuer: ISSUER, label: email, algorithm: "SHA1", digits: 6, period: PERIOD, secret: Secret.fromBase32(base32) });
}

/** A new secret for an operator: base32 (typed by hand) and the otpauth:// URI (a QR code). */
export function newTotp(email: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, email).toString() };
}

/**
 * The time step a code is good for (the current one or one either side, for a clock a little
 * off), or null. A step at or before `lastStep` was used already: refused, so a code seen over
 * a shoulder cannot be replayed.
 */
export function acceptedStep(base32: string, code: string, lastStep: number | null): number | null {
  const timestamp = now().getTime();
  const delta = totpOf(base32, "operator").validate({ token: code, timestamp, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(timestamp / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}
