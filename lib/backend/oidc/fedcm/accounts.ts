import type { IncomingMessage, ServerResponse } from "node:http";
import { clientMetadata } from "../clients";
import { portalSignIn } from "../account";
import { issuer } from "../settings";
import { allowedOrigins, fedcmFactsOf } from "./client-facts";
import { grantsOf } from "./grants";
import { sendError, sendJson } from "./http";

/**
 * The accounts endpoint and the client metadata endpoint (FedCM "identity provider HTTP API").
 *
 * Accounts: the browser sends the passport's own cookies (never the brand's origin), so the
 * answer is the portal sign-in of this browser, with the apps the user has already allowed
 * (`approved_clients`: the browser then shows "Continue as" without the disclosure text). Signed
 * out: a 401 and `Set-Login: logged-out`, so the browser stops asking until a sign-in.
 *
 * Client metadata: the app's privacy policy and terms, asked for by the brand's origin, which
 * must be one the app registered.
 */
function absolute(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url, issuer()).href;
  } catch {
    return undefined;
  }
}

export async function sendAccounts(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const signedIn = await portalSignIn(request.headers);
  if (!signedIn) return sendJson(response, 401, { error: { code: "access_denied" } }, { "set-login": "logged-out" });
  const { user } = signedIn;
  const approved = [...new Set((await grantsOf(user.id)).map((grant) => grant.clientId))];
  const picture = absolute(user.headpic);
  const account = {
    id: user.id,
    email: user.email,
    name: user.nickname || user.email,
    ...(user.nickname ? { given_name: user.nickname } : {}),
    ...(picture ? { picture } : {}),
    approved_clients: approved,
    login_hints: [user.email],
  };
  sendJson(response, 200, { accounts: [account] }, { "set-login": "logged-in" });
}

/** The app this origin may ask for, or null (unknown, disabled, or not one of its origins). */
export async function appForOrigin(clientId: string | null, origin: string | undefined): Promise<Record<string, unknown> | null> {
  if (!clientId || !origin) return null;
  const metadata = await clientMetadata(clientId);
  if (!metadata) return null;
  return allowedOrigins(metadata).has(origin) ? metadata : null;
}

export async function sendClientMetadata(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const clientId = new URL(request.url ?? "/", issuer()).searchParams.get("client_id");
  const metadata = await appForOrigin(clientId, request.headers.origin);
  if (!metadata) return sendError(response, 400, "unauthorized_client");
  const { privacyUrl, termsUrl } = fedcmFactsOf(metadata);
  sendJson(response, 200, { ...(privacyUrl ? { privacy_policy_url: privacyUrl } : {}), ...(termsUrl ? { terms_of_service_url: termsUrl } : {}) });
}
