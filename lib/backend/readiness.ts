import { databaseReadiness, type DatabaseReadiness } from "./db/client";
import { rateLimitStoreReadiness } from "./ratelimit";

/**
 * What the portal's /readyz asks of the embedded services (lib/server/probes.ts): the database
 * answers with every committed migration applied, and Redis answers when it is configured.
 * Both checks run together, each bounded, so a probe never hangs on a dead server.
 */
export type ServicesReadiness = { ready: boolean; database: DatabaseReadiness; redis: "ok" | "unavailable" | "none" };

export async function servicesReadiness(timeoutMs = 2_000): Promise<ServicesReadiness> {
  const [database, redis] = await Promise.all([databaseReadiness(timeoutMs), rateLimitStoreReadiness(timeoutMs)]);
  return { ready: database === "ok" && redis !== "unavailable", database, redis };
}
