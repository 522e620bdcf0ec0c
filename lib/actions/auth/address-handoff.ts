"use server";

import { cookies, headers } from "next/headers";
import { portalConfig } from "@/lib/config";
import { localeOf } from "@/lib/i18n/routing";
import { parseLaunchContext } from "@/lib/launch/context";
import { CONTINUE_PATH, PENDING_HANDOFF_COOKIE, readPendingHandoff } from "@/lib/session/address-token";
import { storeToken, upstreamContext } from "@/lib/session/server";
import { getUserBasic } from "@/lib/upstream/passport";

/**
 * The visitor's answer on /{lang}/continue (lib/session/address-token.ts). Either answer ends the
 * waiting token. Continue stores it (as a remembered sign-in: the visitor chose it) after the
 * passport API confirms it, and goes on to the page it was handed to; Not me leaves the browser
 * as it was and goes to the sign-in page. A token that is gone or no longer valid goes back to
 * the continue page, which then says it can no longer be used. Each answers where to go.
 */
export type HandoffAnswer = { redirect: string };

async function takePending() {
  const jar = await cookies();
  const pending = await readPendingHandoff(jar.get(PENDING_HANDOFF_COOKIE)?.value, portalConfig().sessionSecret);
  jar.delete(PENDING_HANDOFF_COOKIE);
  return pending;
}

export async function continueAsAction(lang: string): Promise<HandoffAnswer> {
  const locale = localeOf(typeof lang === "string" ? lang : "");
  const pending = await takePending();
  if (!pending) return { redirect: `/${locale}/${CONTINUE_PATH}` };
  const launch = parseLaunchContext(new URL(pending.to, "http://portal.invalid").searchParams, (await headers()).get("user-agent"));
  const user = await getUserBasic(await upstreamContext(locale, launch, pending.token)).catch(() => null);
  if (!user) return { redirect: `/${locale}/${CONTINUE_PATH}` };
  await storeToken(pending.token, true, { uid: user.uid, enterprise: Boolean(user.enterpriseUser?.uid) });
  return { redirect: pending.to };
}

export async function notMeAction(lang: string): Promise<HandoffAnswer> {
  const locale = localeOf(typeof lang === "string" ? lang : "");
  const pending = await takePending();
  const query = pending ? new URL(pending.to, "http://portal.invalid").search : "";
  return { redirect: `/${locale}/login${query}` };
}
