import "server-only";
import { emptySchema } from "@/lib/contract/envelope";
import { ErrorCode } from "@/lib/contract/errors";
import {
  enterpriseLoginResponse,
  enterpriseVerifyAccountResponse,
  findPasswordCheckResponse,
  sendCaptchaResponse,
  sessionResponse,
  userBasicResponse,
  userFullInfoResponse,
  verifyEmailResponse,
  type CodePurpose,
  type SessionData,
  type UserBasic,
  type UserFullInfo,
} from "@/lib/contract/passport";
import { passportCall, type UpstreamContext } from "./context";
import { isUpstreamError } from "./errors";

export { forwardedClient, type UpstreamContext } from "./context";

/**
 * Starts an emailed-code flow and returns its nonce. With an email: POST /v1/verify/email.
 * Without one the signed-in user's own email is used: POST /v1/user/verify/email.
 */
export async function verifyEmail(ctx: UpstreamContext, input: { email?: string } = {}): Promise<{ nonce: string }> {
  const call = input.email
    ? { path: "/v1/verify/email", body: { email: input.email } }
    : { path: "/v1/user/verify/email", body: {} };
  return passportCall(ctx, { method: "POST", ...call, schema: verifyEmailResponse });
}

/** Emails a code for `purpose` (POST /v1/captcha); returns the seconds until a resend is allowed. */
export async function sendEmailCode(
  ctx: UpstreamContext,
  input: { email: string; nonce: string; purpose: CodePurpose; ticket?: string },
): Promise<{ resendAfter: number }> {
  return passportCall(ctx, {
    method: "POST",
    path: "/v1/captcha",
    body: { receiver: input.email, nonce: input.nonce, type: input.purpose, ticket: input.ticket },
    schema: sendCaptchaResponse,
  });
}

/** Creates an account (POST /v1/register) and returns its first session. */
export async function register(
  ctx: UpstreamContext,
  input: { email: string; password: string; code: string; nonce: string },
): Promise<SessionData> {
  return passportCall(ctx, {
    method: "POST",
    path: "/v1/register",
    body: { email: input.email, password: input.password, captcha: input.code, nonce: input.nonce },
    schema: sessionResponse,
  });
}

/** Signs in with email and password (POST /v1/login); a ticket when the services asked for one (20106). */
export async function loginWithPassword(
  ctx: UpstreamContext,
  input: { email: string; password: string; remember: boolean; ticket?: string },
): Promise<SessionData> {
  return passportCall(ctx, {
    method: "POST",
    path: "/v1/login",
    body: { email: input.email, password: input.password, remember: input.remember, ticket: input.ticket },
    schema: sessionResponse,
  });
}

/** Signs in with an emailed code of purpose "login" (POST /v1/login/email/captcha). */
export async function loginWithCode(
  ctx: UpstreamContext,
  input: { email: string; code: string; nonce: string; remember: boolean },
): Promise<SessionData> {
  return passportCall(ctx, {
    method: "POST",
    path: "/v1/login/email/captcha",
    body: { email: input.email, captcha: input.code, nonce: input.nonce, remember: input.remember },
    schema: sessionResponse,
  });
}

/** Sets a new password with an emailed code of purpose "findpwd" (POST /v1/find/password). */
export async function findPassword(
  ctx: UpstreamContext,
  input: { email: string; code: string; nonce: string; password: string },
): Promise<void> {
  await passportCall(ctx, {
    method: "POST",
    path: "/v1/find/password",
    body: { email: input.email, captcha: input.code, nonce: input.nonce, password: input.password },
    schema: emptySchema,
  });
}

/**
 * Checks an emailed code of purpose "findpwd" without using it (POST /v1/find/password/check);
 * a wrong one is 20204 and spends one of the code's attempts. Answers the seconds it stays valid.
 */
export async function checkFindPasswordCode(ctx: UpstreamContext, input: { email: string; code: string; nonce: string }): Promise<{ expiresIn: number }> {
  return passportCall(ctx, {
    method: "POST",
    path: "/v1/find/password/check",
    body: { email: input.email, captcha: input.code, nonce: input.nonce },
    schema: findPasswordCheckResponse,
  });
}

/** Checks that a business account ID exists (POST /v1/enterprise/verify/account). */
export async function verifyEnterpriseAccount(ctx: UpstreamContext, input: { account: string }): Promise<{ account: string; name: string }> {
  return passportCall(ctx, {
    method: "POST",
    path: "/v1/enterprise/verify/account",
    body: { account: input.account },
    schema: enterpriseVerifyAccountResponse,
  });
}

/** Signs in an enterprise user (POST /v1/enterprise/login). */
export async function enterpriseLogin(
  ctx: UpstreamContext,
  input: { account: string; email: string; password: string; remember: boolean; ticket?: string },
): Promise<SessionData & { defaultPassword: boolean }> {
  return passportCall(ctx, {
    method: "POST",
    path: "/v1/enterprise/login",
    body: { account: input.account, email: input.email, password: input.password, remember: input.remember, ticket: input.ticket },
    schema: enterpriseLoginResponse,
  });
}

/** Changes the signed-in enterprise user's password (PATCH /v1/enterprise/password); a wrong current one is 20206. */
export async function changeEnterprisePassword(ctx: UpstreamContext, input: { oldPassword: string; newPassword: string; signOutOthers: boolean }): Promise<void> {
  await passportCall(ctx, {
    method: "PATCH",
    path: "/v1/enterprise/password",
    body: { oldPassword: input.oldPassword, newPassword: input.newPassword, signOutOthers: input.signOutOthers },
    schema: emptySchema,
  });
}

/** The signed-in user's basic info (GET /v1/user/basic); 20101 when the token is not valid. */
export async function getUserBasic(ctx: UpstreamContext): Promise<UserBasic> {
  return passportCall(ctx, { method: "GET", path: "/v1/user/basic", schema: userBasicResponse });
}

/** The signed-in user's profile (GET /v1/user/fullinfo). */
export async function getUserFullInfo(ctx: UpstreamContext): Promise<UserFullInfo> {
  return passportCall(ctx, { method: "GET", path: "/v1/user/fullinfo", schema: userFullInfoResponse });
}

/** Ends the session (POST /v1/user/logout). An already expired session (20101) counts as logged out (SPEC §4). */
export async function logout(ctx: UpstreamContext): Promise<void> {
  try {
    await passportCall(ctx, { method: "POST", path: "/v1/user/logout", schema: emptySchema });
  } catch (error) {
    if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) return;
    throw error;
  }
}
