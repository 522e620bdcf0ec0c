import { userBasicResponse } from "@/lib/contract/passport";
import type { AppHeaders } from "@/lib/contract/headers";
import { upstreamFetch } from "@/lib/upstream/fetcher";
import { isUpstreamError } from "@/lib/upstream/errors";
import { ErrorCode } from "@/lib/contract/errors";
import type { Locale } from "@/lib/i18n/routing";
import type { TokenState } from "./guard";

/**
 * Asks the passport API whether a token is valid (GET /v1/user/basic). Edge-safe: the
 * middleware calls it when the sealed check (check.ts) is missing, stale or for another token.
 */
export type ValidatedToken = TokenState & { uid?: string };

export async function validateToken(token: string, lang: Locale, app: AppHeaders): Promise<ValidatedToken> {
  try {
    const user = await upstreamFetch({ service: "passport", method: "GET", path: "/v1/user/basic", token, lang, app, schema: userBasicResponse });
    return { status: "valid", enterprise: Boolean(user.enterpriseUser?.uid), uid: user.uid };
  } catch (error) {
    // Only an answer about the token ends it. A service that could not answer (503 while its
    // database restarts, a 5xx) is "could not be asked", 1002, and the token is kept (SPEC §4):
    // otherwise a database restart would sign out everyone who navigated meanwhile.
    const answeredAboutToken = isUpstreamError(error) && error.httpStatus < 500;
    return { status: "invalid", code: answeredAboutToken ? error.code : ErrorCode.networkError };
  }
}
