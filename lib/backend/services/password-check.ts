import { getConfig } from "../config";
import { ErrorCode, ServiceError } from "../errors";
import { isCommonPassword } from "../passwords/common-passwords";
import { isPwnedPassword } from "../passwords/pwned-range";

/**
 * The one check every new password passes before it is hashed: register, reset (find password),
 * change, a social-only account's first password and the enterprise first-password change all
 * call it. A password on the offline list of common passwords, or (with PWNED_PASSWORDS_URL)
 * known to the range API, is refused with 20220, whose message says why. SPEC's length rule
 * (6 to 20 characters, lib/contract/rules.ts) is checked before, by the request schema.
 *
 * Callers run it before an emailed code is looked at or a current password is checked, so a
 * refused password costs the user nothing but choosing another one. Where anyone may call
 * (register, reset), it runs after the per-address count of code checks, which bounds how
 * often a caller can make the services ask the range API. Signing in is never checked: an
 * existing password keeps working until its owner changes it.
 */
export async function assertNewPasswordAllowed(password: string): Promise<void> {
  if (await isCommonPassword(password)) throw new ServiceError(ErrorCode.passwordBreached);
  const rangeUrl = getConfig().pwnedPasswordsUrl;
  if (rangeUrl && (await isPwnedPassword(rangeUrl, password))) throw new ServiceError(ErrorCode.passwordBreached);
}
