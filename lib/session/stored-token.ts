import type { AppHeaders } from "@/lib/contract/headers";
import type { Locale } from "@/lib/i18n/routing";
import { readCheck, sealCheck } from "./check";
import type { TokenState } from "./guard";
import type { RouteRule } from "./routes";
import { validateToken } from "./validate-token";

/**
 * What the proxy knows of the stored session before it applies the guard: the sealed check when
 * it is fresh for this very token (no upstream call), else the passport API's answer, which is
 * then sealed for the next navigations (lib/session/check.ts). A sign-in page always asks afresh:
 * a page that met 20101 sends its visitor there, and a still-fresh check of the ended session
 * would send them straight back.
 */
export type StoredTokenState = { token: TokenState; uid: string | null; sealed: string | null };

export async function checkStoredToken(input: {
  stored: string;
  rule: RouteRule;
  checkCookie: string | undefined;
  secret: string | null;
  lang: Locale;
  app: AppHeaders;
}): Promise<StoredTokenState> {
  const known = input.rule.kind === "login" ? null : await readCheck(input.checkCookie, input.stored, input.secret);
  if (known) return { token: { status: "valid", enterprise: known.enterprise }, uid: known.uid, sealed: null };
  const checked = await validateToken(input.stored, input.lang, input.app);
  if (checked.status !== "valid") return { token: checked, uid: null, sealed: null };
  const uid = checked.uid ?? null;
  const sealed = uid && input.secret ? await sealCheck(input.stored, { enterprise: checked.enterprise, uid }, input.secret) : null;
  return { token: { status: "valid", enterprise: checked.enterprise }, uid, sealed };
}
