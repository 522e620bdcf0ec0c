import "server-only";
import { createHash } from "node:crypto";
import { portalConfig, socialClientId } from "@/lib/config";
import { SOCIAL_RETURN, type SocialOp } from "@/lib/contract/social-return";
import type { Locale } from "@/lib/i18n/routing";
import { platformOf, type LaunchContext } from "@/lib/launch/context";
import { isEmbeddedService, upstreamBaseUrl } from "@/lib/upstream/config";

/**
 * Where a browser starts a social round trip: the passport API's /v1/oauth/{channel}/auth with
 * SPEC §7's query. The API's address is the one browsers reach (PASSPORT_API_PUBLIC_URL; the
 * portal's own origin when the services are embedded), and `uri` is the portal's callback
 * address for the language, on its public origin (never a Host header).
 */
export function passportPublicBase(portalOrigin: string): string {
  const config = portalConfig();
  if (config.passportApiPublicUrl) return config.passportApiPublicUrl;
  return isEmbeddedService("passport") ? portalOrigin : upstreamBaseUrl("passport");
}

export function socialStartUrl(input: {
  channel: string;
  op: SocialOp;
  lang: Locale;
  launch: LaunchContext;
  portalOrigin: string;
  r: string | null;
  /**
   * op=bind: what names the session, added here on the server (it never reaches a page): a
   * one-time bind ticket (`bt`), or with SOCIAL_BIND_SESSION_TOKEN the session token itself (`ut`)
   */
  bind?: { ticket: string } | { token: string };
  /** the round trip's nonce (lib/social/cookies.ts), carried in the callback address */
  nonce: string;
  /**
   * op=login: the browser's device id. Only its sha256 travels (`dh`), so a sign-in two-step
   * holds is bound to this browser, as a held password sign-in is (the callback names no device)
   */
  deviceId?: string;
}): string {
  const url = new URL(`${passportPublicBase(input.portalOrigin)}/v1/oauth/${encodeURIComponent(input.channel)}/auth`);
  const query = url.searchParams;
  query.set("op", input.op);
  if (input.bind) {
    if ("ticket" in input.bind) query.set("bt", input.bind.ticket);
    else query.set("ut", input.bind.token);
  }
  const callback = new URL(`/${input.lang}/authcb`, input.portalOrigin);
  callback.searchParams.set(SOCIAL_RETURN.state, input.nonce);
  query.set("uri", callback.href);
  // SPEC §7: the provider's client the services are to use (they accept only their web client)
  const cid = socialClientId(input.channel);
  if (cid) query.set("cid", cid);
  query.set("lang", input.lang);
  query.set("appCode", input.launch.p);
  query.set("appPlatform", platformOf(input.launch));
  if (input.launch.av) query.set("appVersion", input.launch.av);
  query.set("appOrigin", input.launch.o);
  if (input.r) query.set("r", input.r);
  if (input.deviceId) query.set("dh", createHash("sha256").update(input.deviceId, "utf8").digest("hex"));
  return url.href;
}
