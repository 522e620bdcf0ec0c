import "server-only";
import { emptySchema } from "@/lib/contract/envelope";
import { bindTicketResponse, socialLinkResponse, socialSessionResponse, type SocialLink } from "@/lib/contract/social";
import { passportCall, type UpstreamContext } from "./context";

/**
 * Social sign-in on the passport API (lib/contract/social.ts) that the portal calls server to
 * server: the bind ticket, the connection ticket, disconnecting, and a first password. The
 * browser round trip itself (/v1/oauth/{channel}/auth) is a navigation: lib/social/start-url.ts
 * builds it.
 */
export type SocialSession = { utoken: string; uid: string; created: boolean };

/** A one-time ticket that stands for the session in a connection's address (POST /v1/oauth/bind-ticket). */
export async function createBindTicket(ctx: UpstreamContext, channel: string): Promise<string> {
  return (await passportCall(ctx, { method: "POST", path: "/v1/oauth/bind-ticket", body: { channel }, schema: bindTicketResponse })).ticket;
}

/** What a connection ticket is for (POST /v1/oauth/link). */
export async function getSocialLink(ctx: UpstreamContext, ticket: string): Promise<SocialLink> {
  return passportCall({ ...ctx, token: undefined }, { method: "POST", path: "/v1/oauth/link", body: { ticket }, schema: socialLinkResponse });
}

/** Proves the account (its password, or a code of purpose "social") and connects it (POST /v1/oauth/link/confirm). */
export async function confirmSocialLink(
  ctx: UpstreamContext,
  input: { ticket: string } & ({ method: "password"; password: string } | { method: "code"; email?: string; code: string; nonce: string }),
): Promise<SocialSession> {
  const body =
    input.method === "password"
      ? { ticket: input.ticket, method: "password", password: input.password }
      : { ticket: input.ticket, method: "code", email: input.email, captcha: input.code, nonce: input.nonce };
  return passportCall({ ...ctx, token: undefined }, { method: "POST", path: "/v1/oauth/link/confirm", body, schema: socialSessionResponse });
}

/** Disconnects a provider (POST /v1/user/unbind/oauth); the last way in is 20304. */
export async function unbindSocial(ctx: UpstreamContext, channel: string): Promise<void> {
  await passportCall(ctx, { method: "POST", path: "/v1/user/unbind/oauth", body: { channel }, schema: emptySchema });
}

/** A first password with the code of purpose "findpwd" mailed to the account (POST /v1/user/password/set). */
export async function setFirstPassword(ctx: UpstreamContext, input: { code: string; nonce: string; password: string }): Promise<void> {
  await passportCall(ctx, { method: "POST", path: "/v1/user/password/set", body: { captcha: input.code, nonce: input.nonce, password: input.password }, schema: emptySchema });
}
