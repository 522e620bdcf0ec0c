"use server";

import { cookies } from "next/headers";
import { CLIENT_ID_PATTERN } from "@/lib/contract/app-access";
import { ErrorCode } from "@/lib/contract/errors";
import { getUserBasic, sendEmailCode, verifyEmail } from "@/lib/upstream/passport";
import { exchangeVerification } from "@/lib/upstream/verification";
import {
  changePassword,
  clearSessions,
  deleteAccount,
  disownActivity,
  forgetDevice,
  getDeviceSecurity,
  removeAppAccess,
  setDeviceSecurity,
  type DeviceSecurity,
} from "@/lib/upstream/security";
import {
  changePasswordSchema,
  deleteAccountSchema,
  deviceIdField,
  sessionIdField,
  type ChangePasswordInput,
  type DeleteAccountInput,
} from "@/lib/validation/security";
import { nonceField } from "@/lib/validation/fields";
import { DISOWNABLE_ID } from "@/lib/contract/activity";
import { ACCOUNT_SECURED_PATH } from "@/lib/session/routes";
import { verificationValueSchema, type VerificationValue } from "@/lib/validation/verification";
import type { ActionResult } from "@/lib/session/action-result";
import { signedIn, type SignedInPage } from "@/lib/session/signed-in";
import { DELETED_FLASH_COOKIE } from "@/lib/session/cookie";
import { clearToken, fieldErrors, loginPageFor } from "@/lib/session/server";

/** Account security's mutations, for the consumer page and (with `business`) the enterprise one. */
type SecurityPage = SignedInPage;

/** PATCH /v1/user/password; the other sessions end when signOutOthers is ticked (else the page offers to end them). */
export async function changePasswordAction(input: ChangePasswordInput, page: SecurityPage): Promise<ActionResult> {
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return signedIn(page, async (ctx) => {
    await changePassword(ctx, { oldPassword: parsed.data.oldPassword, newPassword: parsed.data.password, signOutOthers: parsed.data.signOutOthers });
    return {};
  });
}

/** Ends one session (never the current one: that is logging out), or without an id every other. */
export async function endSessionsAction(input: { sessionId?: string }, page: SecurityPage): Promise<ActionResult<{ ended: number }>> {
  const id = input.sessionId === undefined ? undefined : sessionIdField(input.sessionId);
  if (id && !id.ok) return { ok: false, error: { code: ErrorCode.invalidParams } };
  return signedIn(page, async (ctx) => clearSessions(ctx, { sessionId: id?.value }));
}

/** Takes one app's access to the account back (its grants and tokens end; the portal's sessions stay). */
export async function removeAppAccessAction(input: { clientId: string }, page: SecurityPage): Promise<ActionResult> {
  if (typeof input.clientId !== "string" || !CLIENT_ID_PATTERN.test(input.clientId)) return { ok: false, error: { code: ErrorCode.invalidParams } };
  return signedIn(page, async (ctx) => {
    await removeAppAccess(ctx, input.clientId);
    return {};
  });
}

/**
 * Turns device security on, or off with a recent step-up proof of the session (else 20113: the
 * page's step-up dialog asks for one, then tries again). Answers the new state and the known devices.
 */
export async function setDeviceSecurityAction(input: { enabled: boolean }, page: SecurityPage): Promise<ActionResult<{ security: DeviceSecurity }>> {
  if (typeof input.enabled !== "boolean") return { ok: false, error: { code: ErrorCode.invalidParams } };
  return signedIn(page, async (ctx) => ({ security: await setDeviceSecurity(ctx, { enabled: input.enabled }) }));
}

/** Forgets a known device; answers the list as it is now. */
export async function forgetDeviceAction(input: { id: string }, page: SecurityPage): Promise<ActionResult<{ security: DeviceSecurity }>> {
  const id = deviceIdField(input.id);
  if (!id.ok) return { ok: false, error: { code: ErrorCode.invalidParams } };
  return signedIn(page, async (ctx) => {
    await forgetDevice(ctx, { id: id.value });
    return { security: await getDeviceSecurity(ctx) };
  });
}

/**
 * Emails a deletion code to the user's own address: the human verification becomes a ticket
 * for scene "delete" and that address, POST /v1/user/verify/email gives the nonce, and
 * POST /v1/captcha (type "delete") sends the code. The address comes from the session, never
 * from the browser.
 */
export async function sendDeleteCodeAction(
  input: { verification: VerificationValue },
  page: SecurityPage,
): Promise<ActionResult<{ nonce: string; resendAfter: number }>> {
  const verification = verificationValueSchema.safeParse(input.verification);
  if (!verification.success) return { ok: false, error: { code: ErrorCode.verificationFailed } };
  return signedIn(page, async (ctx) => {
    const { email } = await getUserBasic(ctx);
    const { provider, value } = verification.data;
    const { ticket } = await exchangeVerification(ctx, { scene: "delete", email, provider, value });
    const { nonce } = await verifyEmail(ctx);
    const { resendAfter } = await sendEmailCode(ctx, { email, nonce, purpose: "delete", ticket });
    return { nonce, resendAfter };
  });
}

/** Deletes the account; the session is gone with it, and the login page says the account was deleted. */
export async function deleteAccountAction(
  input: DeleteAccountInput & { nonce: string },
  page: SecurityPage,
): Promise<ActionResult<{ redirect: string }>> {
  const parsed = deleteAccountSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  const nonce = nonceField(input.nonce);
  if (!nonce.ok) return { ok: false, error: { code: ErrorCode.incorrectCode, fields: { code: "codeRequestFirst" } } };
  return signedIn(page, async (ctx, at) => {
    await deleteAccount(ctx, { code: parsed.data.code, nonce: nonce.value });
    await clearToken();
    (await cookies()).set(DELETED_FLASH_COOKIE, "1", { path: "/", maxAge: 60, sameSite: "lax" });
    return { redirect: loginPageFor({ ...at, business: false }) };
  });
}

/**
 * "This wasn't me" about one item of the security activity: the services end every session (this
 * one too) and require a new password; the browser then goes to the page that says what was done.
 */
export async function disownActivityAction(input: { id: string }, page: SecurityPage): Promise<ActionResult<{ redirect: string }>> {
  if (typeof input.id !== "string" || !DISOWNABLE_ID.test(input.id)) return { ok: false, error: { code: ErrorCode.activityNotFound } };
  return signedIn(page, async (ctx, at) => {
    await disownActivity(ctx, { id: input.id });
    await clearToken();
    return { redirect: `/${at.lang}/${ACCOUNT_SECURED_PATH}` };
  });
}
