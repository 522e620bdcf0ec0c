import { createHmac } from "node:crypto";
import { canonicalDeviceSn, DEVICE_SN_LENGTH, type LightSource } from "@/lib/contract/rules";
import { ErrorCode, ServiceError } from "../errors";

/**
 * The unlock password of a laser welder, derived so that a device holding the same key can
 * check it offline (docs/exchange-and-training.md has the steps and test vectors):
 *
 *   message  = "v1|" + SN in upper case + "|" + light source ("1200W" or "800W"), UTF-8
 *   mac      = HMAC-SHA256(key, message)
 *   password = the first 60 bits of mac, big-endian, as 12 symbols of 5 bits each from
 *              "23456789ABCDEFGHJKLMNPQRSTUVWXYZ" (no 0/O or 1/I to misread)
 */
export const SN_PASSWORD_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const SN_PASSWORD_LENGTH = 12;

export function snPasswordMessage(sn: string, power: LightSource): string {
  return `v1|${canonicalDeviceSn(sn)}|${power}`;
}

export function deriveSnPassword(key: Buffer, sn: string, power: LightSource): string {
  const mac = createHmac("sha256", key).update(snPasswordMessage(sn, power), "utf8").digest();
  const bits = mac.readBigUInt64BE(0) >> 4n;
  let password = "";
  for (let i = SN_PASSWORD_LENGTH - 1; i >= 0; i--) password += SN_PASSWORD_ALPHABET[Number((bits >> BigInt(5 * i)) & 31n)];
  return password;
}

/** The SN rules of SPEC §5 with their own codes: not 23 characters → 20504; other characters → 20505. */
export function checkDeviceSn(value: string): string {
  const sn = canonicalDeviceSn(value);
  if (sn.length !== DEVICE_SN_LENGTH) throw new ServiceError(ErrorCode.snLengthIncorrect);
  if (!/^[A-Z0-9-]+$/.test(sn)) throw new ServiceError(ErrorCode.snFormatError);
  return sn;
}
