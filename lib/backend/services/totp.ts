import { Secret, TOTP } from "otpauth";
import { now } from "../clock";

/**
 * Authenticator-app codes (RFC 6238 as every app implements it: SHA-1, 6 digits, 30 s). A code
 * is accepted for the step before and after the current one (clocks drift by a few seconds),
 * and the step it matched is returned so the caller can refuse it a second time.
 */
export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = "Passport";

function totp(secret: string, label = "account"): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** 160 random bits, base32 (what apps type in by hand). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address a QR code carries: issuer, the account's email, the secret. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString();
}

/** The time step a 6-digit code matches (within ±1 step of now), or null. */
export function matchTotpStep(secret: string, code: string): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now().getTime();
  const delta = totp(secret).validate({ token: code, window: 1, timestamp });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
