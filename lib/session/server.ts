import "server-only";
import { portalLog } from "@/lib/log";
import { portalConfig } from "@/lib/config";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { ErrorCode } from "@/lib/contract/errors";
import { getUserFullInfo } from "@/lib/upstream/passport";
import { isUpstreamError } from "@/lib/upstream/errors";
import type { UpstreamContext } from "@/lib/upstream/passport";
import { appHeadersFor, launchQuery, parseLaunchContext, type LaunchContext } from "@/lib/launch/context";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { clientAddress, publicOrigin } from "./public-origin";
import type { ActionError, PageRef } from "./action-result";

export type { PageRef } from "./action-result";
import { CHECK_COOKIE, CHECK_COOKIE_SECONDS, sealCheck, type CheckedUser } from "./check";
import { cookieEnv } from "./cookie-env";
import { deviceCookieOptions, newDeviceId, DEVICE_COOKIE, EXPIRED_FLASH_COOKIE, isDeviceId, isUsableToken, UTOKEN_COOKIE, utokenCookieOptions } from "./cookie";
import { loginPathFor } from "./routes";
import { isFramed } from "./embed-server";

export async function readToken(): Promise<string | null> {
  const value = (await cookies()).get(UTOKEN_COOKIE)?.value;
  return isUsableToken(value) ? value : null;
}

/** Launch context of a server action, from the query string the page handed to its form. */
export async function launchFromQuery(query: string): Promise<LaunchContext> {
  return parseLaunchContext(new URLSearchParams(query), (await headers()).get("user-agent"));
}

/**
 * Who is calling, for the upstream headers, the services' login logs and device security: the
 * browser's address (public-origin.ts), its user agent and its device id.
 *
 * `ensureDevice` (sign-in actions): a browser without a device id gets one now. Anonymous page
 * views never set it, so public pages stay the same cacheable bytes for everyone.
 */
export async function upstreamContext(
  lang: Locale,
  launch: LaunchContext,
  token?: string | null,
  options: { ensureDevice?: boolean } = {},
): Promise<UpstreamContext> {
  const h = await headers();
  const jar = await cookies();
  let device = jar.get(DEVICE_COOKIE)?.value;
  if (options.ensureDevice && !isDeviceId(device)) {
    device = newDeviceId();
    const origin = publicOrigin(h);
    jar.set(DEVICE_COOKIE, device, deviceCookieOptions({ protocol: origin.protocol, hostname: origin.hostname, partitioned: await isFramed() }));
  }
  return {
    token: token ?? undefined,
    lang,
    app: appHeadersFor(launch),
    clientIp: clientAddress(h),
    clientUserAgent: h.get("user-agent") ?? undefined,
    deviceId: isDeviceId(device) ? device : undefined,
  };
}

/** The portal's public origin, for cookie attributes (never the request's Host). */
async function requestOrigin(): Promise<URL> {
  return publicOrigin(await headers());
}

/**
 * In a host's frame the session lives in that host's partition (CHIPS; lib/session/embed.ts).
 * `user`: who the token belongs to, when the sign-in knows it (the services' answer): the sealed
 * session check is written with it, so the first page after signing in asks the passport API
 * nothing more (lib/session/check.ts). Without it the guard checks the new token afresh.
 */
export async function storeToken(token: string, remember: boolean, user?: CheckedUser): Promise<void> {
  const origin = await requestOrigin();
  const options = utokenCookieOptions({ protocol: origin.protocol, hostname: origin.hostname, remember, env: cookieEnv(), partitioned: await isFramed() });
  const jar = await cookies();
  jar.set(UTOKEN_COOKIE, token, options);
  const secret = portalConfig().sessionSecret;
  if (user && secret) jar.set(CHECK_COOKIE, await sealCheck(token, user, secret), { ...options, maxAge: CHECK_COOKIE_SECONDS });
  else jar.set(CHECK_COOKIE, "", { ...options, maxAge: 0 });
}

export async function clearToken(): Promise<void> {
  const origin = await requestOrigin();
  const options = utokenCookieOptions({ protocol: origin.protocol, hostname: origin.hostname, remember: false, env: cookieEnv(), partitioned: await isFramed() });
  const jar = await cookies();
  jar.set(UTOKEN_COOKIE, "", { ...options, maxAge: 0 });
  jar.set(CHECK_COOKIE, "", { ...options, maxAge: 0 });
}

/** The signed-in user of this request (one upstream call per render). */
export const currentUser = cache(async (lang: Locale, launch: LaunchContext) => {
  const token = await readToken();
  if (!token) return null;
  return getUserFullInfo(await upstreamContext(lang, launch, token));
});

function unknownCredential(data: unknown): boolean {
  return typeof data === "object" && data !== null && "unknownCredential" in data && data.unknownCredential === true;
}

/** Turns anything thrown by an upstream call into what the client may see. */
export function toActionError(error: unknown): ActionError {
  if (isUpstreamError(error)) {
    return {
      code: error.code,
      ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
      ...(error.timedOut ? { timedOut: true as const } : {}),
      // a passkey the services do not know: the browser is told to forget it (lib/passkeys/browser.ts)
      ...(error.code === ErrorCode.passkeyRefused && unknownCredential(error.data) ? { unknownPasskey: true as const } : {}),
      // Only the challenge of a new-device sign-in or the ticket of a two-step one: a random token
      // that the same browser (its device id) and the second code must come with; nothing else.
      ...((error.code === ErrorCode.deviceVerificationRequired || error.code === ErrorCode.twoStepRequired) && error.challenge ? { challenge: error.challenge } : {}),
    };
  }
  portalLog().error({ type: error instanceof Error ? error.name : typeof error, stack: error instanceof Error ? error.stack : undefined }, "unexpected error in a server action");
  return { code: ErrorCode.systemError };
}

/** The screen a server action serves: its language, launch context and whether it is a business screen. */
export type ActionPage = { lang: Locale; launch: LaunchContext; business: boolean };

export async function resolvePage(page: PageRef, business = false): Promise<ActionPage> {
  return { lang: localeOf(page.lang), launch: await launchFromQuery(page.query), business };
}

/** The login page matching a screen (login or login-business), keeping the launch parameters. */
export function loginPageFor(page: ActionPage): string {
  const qs = launchQuery(page.launch).toString();
  return `/${page.lang}/${loginPathFor(page.business)}${qs ? `?${qs}` : ""}`;
}

/**
 * What every server action returns on failure. Code 20101 (login expired) is handled the same
 * way on every screen (SPEC §4): the token is cleared, the expired-login flash is set for the
 * login page, and the client is told which login page to go to.
 */
export async function actionFailure(error: unknown, page: ActionPage): Promise<{ ok: false; error: ActionError }> {
  const base = toActionError(error);
  if (base.code !== ErrorCode.loginExpired) return { ok: false, error: base };
  return { ok: false, error: await endExpiredSession(page) };
}

/** Clears the session after a 20101 and flags the login page to say so once. */
export async function endExpiredSession(page: ActionPage): Promise<ActionError> {
  await clearToken();
  (await cookies()).set(EXPIRED_FLASH_COOKIE, "1", { path: "/", maxAge: 60, sameSite: "lax" });
  return { code: ErrorCode.loginExpired, redirect: loginPageFor(page) };
}

/** Field errors of a failed zod parse, as message keys. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): ActionError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "form");
    fields[name] ??= issue.message;
  }
  return { code: ErrorCode.invalidParams, fields };
}
