import type { Lang } from "../lang";
import { BY_SUPPORT, recordAccountEvent } from "./account-events";
import { sendSecurityNotice } from "./security-notices";
import { endUserSessions } from "./sign-out";
import { removeTwoStep } from "./two-step";
import type { UserRow } from "./users";

/**
 * Two-step turned off by our support (the console's "Reset two-step" and the command line's
 * `user:reset-two-step`, one rule for both): for a user who lost the phone and the recovery
 * codes, after the operator checked who asks. The secret and the recovery codes are deleted and
 * every session ends, so whoever signs in next does it with the first factor alone; the user gets
 * a security notice (`two_step_reset_by_operator`), since a reset nobody asked for is an attack.
 * When two-step was not on, nothing changes and no mail goes out.
 *
 * The mail is in the account's language; `lang` (the console's language, the command line's
 * English) only for an account that never stated one.
 */
export async function resetTwoStepByOperator(user: UserRow, lang: Lang): Promise<{ wasOn: boolean; sessionsEnded: number }> {
  const wasOn = await removeTwoStep(user.id);
  if (!wasOn) return { wasOn, sessionsEnded: 0 };
  const sessionsEnded = await endUserSessions(user.id);
  await recordAccountEvent(user.id, "two_step_reset", BY_SUPPORT);
  // the operator's device and address are not the user's business: the notice names neither
  sendSecurityNotice(user, "two_step_reset_by_operator", { lang, deviceId: null, ip: null, userAgent: null, appCode: null, platform: null, appVersion: null });
  return { wasOn, sessionsEnded };
}
