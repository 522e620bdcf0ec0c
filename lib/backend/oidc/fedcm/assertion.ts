import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { amrOf, markSessionFromApp, portalSignIn } from "../account";
import { acrOfAmr } from "../acr";
import { clientPolicy } from "../clients";
import { log } from "../../log";
import { oidcProvider } from "../provider";
import { endAppSessions } from "../revoke";
import { appForOrigin } from "./accounts";
import { grantsOf, removeGrantsFor } from "./grants";
import { corsFor, readForm, sendError, sendJson } from "./http";
import { providerSessionFor } from "./session";

/**
 * The ID assertion and disconnect endpoints (FedCM "identity provider HTTP API"). Both are POSTs
 * the browser makes with the passport's cookies and the brand page's Origin, which must be one
 * the app registered.
 *
 * The assertion's token is an authorization code of the OpenID Provider for the app (made by the
 * provider's own AuthorizationCode model, on the user's grant for the app), so FedCM is one more
 * way into the same grants: the brand's server redeems it at /oidc/token as after a redirect, with
 * its secret or the PKCE verifier, and gets the same ID token, access and refresh tokens. The code
 * is single use and lives a minute (a replay is refused by the token endpoint, which then revokes
 * what the first use issued). The brand passes the authorization request's parameters in `params`
 * (code_challenge, redirect_uri, scope, nonce); a public app must send a PKCE challenge.
 *
 * The sign-in belongs to a provider session tied to the portal sign-in (session.ts), so a portal
 * sign-out, "Remove access" and every revocation reach the app as they reach a code-flow sign-in:
 * back-channel logout with the ID token's `sid`, and its tokens end.
 *
 * A first-party app is granted what it asks for, as at the provider's consent step
 * (provider.ts, loadExistingGrant); a third-party app only what the user already allowed it on its
 * consent screen: with no grant the assertion is refused (access_denied).
 */
const FEDCM_SCOPES = new Set(["openid", "email", "profile"]);

const paramsSchema = z
  .object({
    code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/).optional(),
    code_challenge_method: z.literal("S256").optional(),
    redirect_uri: z.string().max(2000).optional(),
    scope: z.string().max(200).optional(),
    nonce: z.string().min(1).max(256).optional(),
  })
  .strip();

type AssertionRequest = { clientId: string; accountId: string; params: z.infer<typeof paramsSchema> };

function parseAssertion(form: URLSearchParams): AssertionRequest | null {
  const clientId = form.get("client_id");
  const accountId = form.get("account_id");
  if (!clientId || !accountId || clientId.length > 100 || accountId.length > 100) return null;
  let raw: unknown = {};
  try {
    raw = JSON.parse(form.get("params") ?? "{}");
  } catch {
    return null;
  }
  const params = paramsSchema.safeParse(raw);
  if (!params.success) return null;
  // the nonce at the top level is the older form of the API; in `params` the current one
  const nonce = params.data.nonce ?? form.get("nonce") ?? undefined;
  if (nonce !== undefined && (nonce.length < 1 || nonce.length > 256)) return null;
  return { clientId, accountId, params: { ...params.data, ...(nonce === undefined ? {} : { nonce }) } };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

async function issueCode(request: AssertionRequest, app: Record<string, unknown>, signedIn: NonNullable<Awaited<ReturnType<typeof portalSignIn>>>): Promise<string | "denied" | "invalid"> {
  const { clientId, params } = request;
  const redirectUris = stringList(app.redirect_uris);
  const redirectUri = params.redirect_uri ?? redirectUris[0];
  if (!redirectUri || !redirectUris.includes(redirectUri)) return "invalid";
  if (app.token_endpoint_auth_method === "none" && !params.code_challenge) return "invalid";
  const asked = (params.scope ?? "openid email profile").split(" ").filter((scope) => FEDCM_SCOPES.has(scope));
  if (!asked.includes("openid")) return "invalid";
  const policy = await clientPolicy(clientId);
  if (!policy) return "denied";

  const { provider } = await oidcProvider();
  const client = await provider.Client.find(clientId);
  if (!client) return "denied";
  const accountId = signedIn.user.id;
  const stored = (await grantsOf(accountId)).find((grant) => grant.clientId === clientId);
  const grant = stored ? await provider.Grant.find(stored.id) : undefined;
  if (!grant && !policy.firstParty) return "denied";
  // only what the app's registration allows (its `scope`, clients.ts): the rest is dropped
  const registered = typeof client.scope === "string" ? new Set(client.scope.split(" ")) : null;
  const permitted = asked.filter((item) => registered === null || registered.has(item));
  const usable = grant ?? new provider.Grant({ clientId, accountId });
  if (policy.firstParty) usable.addOIDCScope(permitted.join(" "));
  const allowed = new Set(String(usable.getOIDCScope()).split(" "));
  const scope = permitted.filter((item) => allowed.has(item));
  if (!scope.includes("openid")) return "denied";
  const grantId = await usable.save();
  const { uid: sessionUid, sid } = await providerSessionFor(signedIn, clientId, grantId);

  const amr = amrOf(signedIn.session);
  const code = new provider.AuthorizationCode({
    client,
    accountId,
    grantId,
    gty: "authorization_code",
    scope: scope.join(" "),
    redirectUri,
    acr: acrOfAmr(amr),
    ...(amr.length > 0 ? { amr } : {}),
    authTime: Math.floor(signedIn.session.createdAt.getTime() / 1000),
    ...(params.nonce ? { nonce: params.nonce } : {}),
    ...(params.code_challenge ? { codeChallenge: params.code_challenge, codeChallengeMethod: "S256" } : {}),
    // its tokens end with the provider session (session.ts), as the code flow's do without offline_access
    sessionUid,
    sid,
    expiresWithSession: true,
  });
  const value = await code.save();
  await markSessionFromApp(signedIn.session.id, clientId);
  return value;
}

/** POST id_assertion_endpoint: an authorization code for the app, as `token`. */
export async function answerAssertion(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const form = await readForm(request);
  const parsed = form ? parseAssertion(form) : null;
  const origin = request.headers.origin;
  const app = parsed ? await appForOrigin(parsed.clientId, origin) : null;
  if (!parsed) return sendError(response, 400, "invalid_request");
  if (!app || !origin) return sendError(response, 403, "unauthorized_client");
  const signedIn = await portalSignIn(request.headers);
  if (!signedIn) return sendError(response, 401, "access_denied", origin);
  if (signedIn.user.id !== parsed.accountId) return sendError(response, 403, "access_denied", origin);
  const code = await issueCode(parsed, app, signedIn);
  if (code === "invalid") return sendError(response, 400, "invalid_request", origin);
  if (code === "denied") return sendError(response, 403, "access_denied", origin);
  log().info({ event: "fedcm assertion", clientId: parsed.clientId, autoSelected: form?.get("is_auto_selected") === "true" }, "an app was given a sign-in through FedCM");
  sendJson(response, 200, { token: code }, corsFor(origin));
}

/**
 * POST disconnect_endpoint: the app's grant for the user ends, with every token made from it, and
 * the provider sessions it was in forget it (the app told by back-channel logout, as when the user
 * takes its access back on the security page), so a later sign-out does not name it again.
 */
export async function answerDisconnect(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const form = await readForm(request);
  const clientId = form?.get("client_id") ?? null;
  const origin = request.headers.origin;
  if (!form || !clientId || !form.get("account_hint")) return sendError(response, 400, "invalid_request");
  const app = await appForOrigin(clientId, origin);
  if (!app || !origin) return sendError(response, 403, "unauthorized_client");
  const signedIn = await portalSignIn(request.headers);
  if (!signedIn) return sendError(response, 401, "access_denied", origin);
  await endAppSessions(signedIn.user.id, clientId);
  await removeGrantsFor(signedIn.user.id, clientId);
  sendJson(response, 200, { account_id: signedIn.user.id }, corsFor(origin));
}
