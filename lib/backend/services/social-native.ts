import type { z } from "zod";
import type { nativeLoginRequest } from "@/lib/contract/social";
import { ErrorCode, ServiceError } from "../errors";
import { verifyNativeToken } from "../social/native-tokens";
import { authenticate, type ClientInfo } from "./sessions";
import { bindIdentity, signInWithIdentity } from "./social-sign-in";

/**
 * POST /v1/oauth/{channel}/login-with-accesstoken (SPEC §7): a native app that already holds the
 * provider's token. op=login signs in (or up) as the browser round trip does; what needs the
 * user first answers 20311 (connect to the existing account) or 20312 (give an email) with a
 * ticket for POST /v1/oauth/link and /v1/oauth/link/confirm, which the app calls itself (the
 * portal's screen takes tickets only from a sign-in its own browser started). op=bind connects the provider to
 * the account of the `utoken` header.
 */
export async function loginWithProviderToken(
  channel: string,
  body: z.infer<typeof nativeLoginRequest>,
  client: ClientInfo,
  token: string | null,
): Promise<{ utoken: string | null; uid: string; created: boolean }> {
  // A bind checks the session before the provider is asked anything.
  const account = body.op === "bind" ? await authenticate(token) : null;
  const identity = await verifyNativeToken(channel, { cid: body.cid, idToken: body.idToken, accessToken: body.accessToken });
  if (account) {
    await bindIdentity({ userId: account.user.id, sessionId: account.session.id }, identity);
    return { utoken: null, uid: account.user.id, created: false };
  }
  const outcome = await signInWithIdentity(identity, client);
  if (outcome.kind === "session") return { utoken: outcome.token, uid: outcome.uid, created: outcome.created };
  const code = outcome.reason === "connect" ? ErrorCode.socialConnectionRequired : ErrorCode.socialEmailRequired;
  throw new ServiceError(code, { ticket: outcome.ticket });
}
