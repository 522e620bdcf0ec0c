import { generateKeyPairSync, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:http";
import Provider, { type Configuration } from "oidc-provider";

/**
 * A standard, certified OpenID Connect provider on loopback for tests: panva's `oidc-provider`
 * with its default behaviour, as a deployment would meet it. In particular the `email` scope's
 * claims are given in the userinfo answer only, never in the ID token of a code flow
 * (`conformIdTokenClaims`, on by default), and the user signs in and consents on its built-in
 * development pages (`features.devInteractions`, on by default): the login typed there is the
 * account, whose email it is.
 * Used in-process by backend tests and as a process by the e2e run (tests/e2e/support/oidc-providers.ts).
 */
export type StandardClient = { clientId: string; clientSecret: string; redirectUris: readonly string[] };

export type StandardProvider = { issuer: string; stop: () => Promise<void> };

export async function startStandardProvider(port: number, clients: readonly StandardClient[], host = "127.0.0.1"): Promise<StandardProvider> {
  const issuer = `http://${host}:${port}`;
  // The key is made here: under jest's module sandbox a JWK Node exports belongs to another realm.
  const jwk = JSON.parse(JSON.stringify(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }))) as Record<string, string>;
  const configuration: Configuration = {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [...client.redirectUris],
      token_endpoint_auth_method: "client_secret_post",
    })),
    jwks: { keys: [{ ...jwk, kid: randomBytes(8).toString("hex"), use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // lifetimes of a test run (the defaults are the same figures, with a notice each)
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 3600, Session: 86_400, Grant: 86_400 },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true }),
    }),
  };
  const provider = new Provider(issuer, configuration);
  const server = createServer(provider.callback());
  server.listen(port, host);
  await once(server, "listening");
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
