/**
 * At server start (Node runtime only):
 * - Without TRUST_PROXY, a client's own X-Forwarded-For is dropped before Next reads a request,
 *   so the address the portal forwards to the services is the socket's (lib/session/client-ip.ts).
 * - In the default single-app setup (no PASSPORT_API_URL), a random PORTAL_SERVICES_KEY is made
 *   when none is set: portal and services run in this one process and read the same
 *   process.env, so the services believe the client address the portal forwards. Deployed apart,
 *   both halves are given the same value.
 * - The reference services' database is opened and migrated, so the first visitor does not wait
 *   for it and a broken database fails the start, not a sign-in. Skipped when the passport API
 *   is another origin (the embedded services are then unused).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { trustsProxy } = await import("./lib/session/public-url");
  if (!trustsProxy()) (await import("./lib/session/socket-address")).useSocketAddressOnly();
  if (process.env.PASSPORT_API_URL) return;
  if (!process.env.PORTAL_SERVICES_KEY?.trim()) {
    process.env.PORTAL_SERVICES_KEY = (await import("./lib/session/cookie")).randomUrlToken(32);
  }
  const { getDb } = await import("./lib/backend/db/client");
  await getDb();
}
