import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { portalConfig } from "@/lib/config";
import { ErrorCode } from "@/lib/contract/errors";
import { roleAllows } from "@/lib/contract/console/roles";
import { CONSOLE_SCREENS, type ConsoleScreenKey } from "@/lib/contract/console/routes";
import type { OperatorInfo } from "@/lib/contract/console/session";
import type { Locale } from "@/lib/i18n/routing";
import { currentOperator, recordPageRefusal, type ConsoleContext } from "@/lib/upstream/console";
import { isUpstreamError } from "@/lib/upstream/errors";
import { clientAddress, publicOrigin } from "@/lib/session/public-origin";
import type { ActionResult } from "@/lib/session/action-result";
import { toActionError } from "@/lib/session/server";
import { consoleCookie } from "./cookie";

/** The console's session on the portal side: its cookie, its calls' context, and the page guard. */

export function consoleHome(lang: string): string {
  return `/${lang}/${portalConfig().consoleBasePath}`;
}

async function cookieSpec() {
  return consoleCookie(publicOrigin(await headers()));
}

export async function readOperatorToken(): Promise<string | null> {
  const { name } = await cookieSpec();
  const value = (await cookies()).get(name)?.value;
  return value && /^[A-Za-z0-9_-]{20,128}$/.test(value) ? value : null;
}

export async function storeOperatorToken(token: string): Promise<void> {
  const { name, options } = await cookieSpec();
  (await cookies()).set(name, token, options);
}

export async function clearOperatorToken(): Promise<void> {
  const { name, options } = await cookieSpec();
  (await cookies()).set(name, "", { ...options, maxAge: 0 });
}

export async function consoleContext(lang: Locale, token?: string | null): Promise<ConsoleContext> {
  const h = await headers();
  return { operatorToken: token ?? undefined, lang, clientIp: clientAddress(h), clientUserAgent: h.get("user-agent") ?? undefined };
}

/** The signed-in operator of this request, or null (no cookie, or the services ended the session). */
export const signedInOperator = cache(async (lang: Locale): Promise<{ operator: OperatorInfo; ctx: ConsoleContext } | null> => {
  const token = await readOperatorToken();
  if (!token) return null;
  const ctx = await consoleContext(lang, token);
  try {
    return { operator: (await currentOperator(ctx)).operator, ctx };
  } catch (error) {
    if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) return null;
    throw error;
  }
});

export type ConsoleAccess = { ok: true; operator: OperatorInfo; ctx: ConsoleContext } | { ok: false; operator: OperatorInfo };

/**
 * The page guard of `screen` (its least role from CONSOLE_SCREENS, the registry): no session →
 * the sign-in page (the services answered 401); a role below the screen's → `ok: false`, the
 * page shows that it is not for this operator, and the refusal goes to the audit log as
 * `refused` (POST /v1/console/refusals), as the services' guard writes a refused API call.
 */
export async function requireOperator(lang: Locale, screen: ConsoleScreenKey): Promise<ConsoleAccess> {
  const signed = await signedInOperator(lang);
  if (!signed) redirect(consoleHome(lang));
  const needs = CONSOLE_SCREENS.find((entry) => entry.key === screen)?.role ?? "admin";
  if (roleAllows(signed.operator.role, needs)) return { ok: true, ...signed };
  try {
    await recordPageRefusal(signed.ctx, screen);
  } catch (error) {
    // the page is refused all the same; an older passport API without the route must not break it
    if (!isUpstreamError(error)) throw error;
  }
  return { ok: false, operator: signed.operator };
}

/**
 * The one way a console action runs: the operator's token, the call, and every failure as an
 * ActionError (20101 names the sign-in page to go to).
 */
export async function consoleAction<T extends object>(lang: Locale, run: (ctx: ConsoleContext) => Promise<T>): Promise<ActionResult<T>> {
  const token = await readOperatorToken();
  if (!token) return { ok: false, error: { code: ErrorCode.loginExpired, redirect: consoleHome(lang) } };
  try {
    return { ok: true, ...(await run(await consoleContext(lang, token))) };
  } catch (error) {
    const failure = toActionError(error);
    if (failure.code === ErrorCode.loginExpired) {
      await clearOperatorToken();
      return { ok: false, error: { ...failure, redirect: consoleHome(lang) } };
    }
    return { ok: false, error: failure };
  }
}
