import { userBasicResponse } from "@/lib/contract/passport";
import type { AppHeaders } from "@/lib/contract/headers";
import { upstreamFetch } from "@/lib/upstream/fetcher";
import { isUpstreamError } from "@/lib/upstream/errors";
import { ErrorCode } from "@/lib/contract/errors";
import type { Locale } from "@/lib/i18n/routing";
import type { TokenState } from "./guard";

/**
 * Asks the passport API whether a token is valid (Edge-safe: used by middleware).
 * Valid answers are cached for a few seconds so a burst of navigations costs one call;
 * failures are never cached. The cache key is a hash, so tokens are not kept in memory.
 */
const TTL_MS = 5_000;
const MAX_ENTRIES = 1_000;
const cache = new Map<string, { state: TokenState; until: number }>();

async function keyOf(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * `fresh` skips the cache. The login pages ask fresh: a session ended elsewhere (account
 * security, a password change) would otherwise still look valid there for a few seconds, and a
 * user centre page that met 20101 and sent its visitor to login would be sent straight back.
 */
export async function validateToken(token: string, lang: Locale, app: AppHeaders, options: { fresh?: boolean } = {}): Promise<TokenState> {
  const key = await keyOf(token);
  const hit = cache.get(key);
  if (!options.fresh && hit && hit.until > Date.now()) return hit.state;
  try {
    const user = await upstreamFetch({ service: "passport", method: "GET", path: "/v1/user/basic", token, lang, app, schema: userBasicResponse });
    const state: TokenState = { status: "valid", enterprise: Boolean(user.enterpriseUser?.uid) };
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { state, until: Date.now() + TTL_MS });
    return state;
  } catch (error) {
    return { status: "invalid", code: isUpstreamError(error) ? error.code : ErrorCode.networkError };
  }
}

/** Forget a token at logout so the cache cannot outlive it. */
export async function forgetToken(token: string): Promise<void> {
  cache.delete(await keyOf(token));
}
