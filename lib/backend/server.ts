/**
 * `npm run services`: the reference services on their own Node server (SERVICES_PORT, default
 * 4000), for teams that deploy them apart from the portal. Point the portal's PASSPORT_API_URL
 * at it and give both the same PORTAL_SERVICES_KEY.
 */
import { serve } from "@hono/node-server";
import { ConfigError, getConfig } from "./config";
import { DataDirInUseError } from "./db/dir-lock";
import { getDb } from "./db/client";
import { servicesApp } from "./http/app";
import { shutdownBackend } from "./lifecycle";
import { describeFault, log } from "./log";

async function main(): Promise<void> {
  const { servicesPort } = getConfig();
  await getDb(); // open and migrate before taking traffic
  const server = serve({ fetch: servicesApp().fetch, port: servicesPort, hostname: process.env.SERVICES_HOST?.trim() || undefined }, (info) => {
    log().info({ port: info.port, address: info.address }, "reference services listening (/v1/**, /v2/**)");
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log().info({ signal }, "stopping: no new connections, then the database closes");
    server.close(() => {
      void shutdownBackend().finally(() => process.exit(0));
    });
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  // The usual reasons to refuse to start fit on one line; anything else is a fault with its stack.
  if (error instanceof DataDirInUseError || error instanceof ConfigError) {
    console.error(`npm run services: ${error.message}`);
  } else {
    log().fatal({ err: describeFault(error) }, "the reference services could not start");
  }
  process.exit(1);
});
