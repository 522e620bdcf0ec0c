import "server-only";
import { ErrorCode } from "@/lib/contract/errors";
import { portalConfig } from "@/lib/config";

/**
 * XCS activation (SPEC §7): POST {token} to XCS_API_URL, 10 s timeout, so the laser software
 * picks up a change of the user's entitlements at once. Called after a redemption and after a
 * completed training (docs/exchange-and-training.md); off when XCS_API_URL is unset. It never
 * fails the flow that called it: the outcome is reported, 1002 for a timeout or network error.
 */
export const XCS_TIMEOUT_MS = 10_000;

export type XcsOutcome = { status: "off" } | { status: "ok" } | { status: "failed"; code: number };

export async function activateXcs(token: string, options: { url?: string | null; timeoutMs?: number } = {}): Promise<XcsOutcome> {
  const url = options.url === undefined ? portalConfig().xcsApiUrl : options.url;
  if (!url) return { status: "off" };
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token }),
      signal: AbortSignal.timeout(options.timeoutMs ?? XCS_TIMEOUT_MS),
      cache: "no-store",
      // the token must not follow a redirect to another host
      redirect: "manual",
    });
    // the body is not needed, only that XCS took the call
    await response.body?.cancel();
    return response.ok ? { status: "ok" } : { status: "failed", code: ErrorCode.systemError };
  } catch {
    return { status: "failed", code: ErrorCode.networkError };
  }
}
