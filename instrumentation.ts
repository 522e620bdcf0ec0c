/**
 * At server start (Node runtime only). What needs the socket (the caller's address, forwarded
 * headers, page security headers, body caps) and stopping on SIGTERM belong to the portal's
 * server (server.ts, lib/server/), not here.
 * - In the default single-app setup (no PASSPORT_API_URL), a random PORTAL_SERVICES_KEY is made
 *   when none is set: portal and services run in this one process and read the same
 *   process.env, so the services believe the client address the portal forwards. Deployed
 *   apart, both halves are given the same value. Likewise a SESSION_SECRET for the sealed
 *   session-check cookie, when none is set (sessions are then re-checked after a restart).
 * - The portal's upstream calls reach the embedded services in this process, without a loopback
 *   HTTP hop (lib/upstream/transport.ts).
 * - The reference services' database is opened and migrated in the background: the static
 *   pages answer at once (a first start creates the embedded database, which takes seconds), a
 *   request that needs the database waits for the same opening, and a database that cannot be
 *   opened stops the server with one line naming why, not a sign-in later. The portal's server
 *   closes it after the last request on SIGTERM/SIGINT (lib/server/stop.ts). Skipped when the
 *   passport API is another origin (the embedded services are then unused).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { portalConfig, resetPortalConfig } = await import("./lib/config");
  const { randomUrlToken } = await import("./lib/session/cookie");
  if (!process.env.SESSION_SECRET?.trim()) process.env.SESSION_SECRET = randomUrlToken(32);
  if (!process.env.PASSPORT_API_URL?.trim() && !process.env.PORTAL_SERVICES_KEY?.trim()) {
    process.env.PORTAL_SERVICES_KEY = randomUrlToken(32);
  }
  resetPortalConfig();
  const config = portalConfig(); // a bad variable stops the start here, with its name
  // checked here rather than in lib/config.ts, which the Edge proxy also loads: the public suffix
  // list it needs has no place in every request's bundle
  const { relatedOriginsProblem } = await import("./lib/contract/related-origins");
  const tooMany = relatedOriginsProblem(config.webauthnRelatedOrigins);
  if (tooMany) throw new Error(tooMany);
  if (config.upstream.passport) return;
  const { openDatabaseInBackground } = await import("./lib/backend/shutdown");
  const { startServices } = await import("./lib/backend/lifecycle");
  openDatabaseInBackground(startServices);
  // the portal's calls reach the embedded services directly, as the portal's own loopback
  // address would over HTTP (the browser's address still comes with PORTAL_SERVICES_KEY)
  // the services' app loads with the first call that needs it, not before the first page answers
  const { registerTransport } = await import("./lib/upstream/transport");
  registerTransport(async (request) => (await import("./lib/backend/http/app")).servicesApp().fetch(request, { peer: "127.0.0.1" }));
}
