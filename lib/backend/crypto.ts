import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { CODE_LENGTH } from "@/lib/contract/fields";

/** 32 random bytes, base64url: session tokens and nonces. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** A numeric verification code with leading zeros, uniformly drawn. */
export function randomCode(length = CODE_LENGTH): string {
  return String(randomInt(0, 10 ** length)).padStart(length, "0");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

export function hmacHex(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value, "utf8").digest("hex");
}

/** Constant-time comparison of two hex digests. */
export function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}

/** Constant-time comparison of two secrets of any length (their sha256 digests are compared). */
export function sameSecret(a: string, b: string): boolean {
  const left = createHash("sha256").update(a, "utf8").digest();
  const right = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(left, right);
}
