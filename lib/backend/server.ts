/**
 * `npm run services`: the reference services on their own Node server (SERVICES_PORT, default
 * 4000), for teams that deploy them apart from the portal. Point the portal's PASSPORT_API_URL
 * at it and give both the same PORTAL_SERVICES_KEY.
 */
import { ConfigError, getConfig } from "./config";
import { DataDirInUseError } from "./db/dir-lock";
import { openCliChannel } from "./cli/portal-channel";
import { listenServices } from "./http/node-server";
import { shutdownBackend, startServices } from "./lifecycle";
import { describeFault, flushStdout, log } from "./log";

async function main(): Promise<void> {
  const { servicesPort } = getConfig();
  await startServices(); // open and migrate before taking traffic, then prune beside it
  const listening = await listenServices({ port: servicesPort, hostname: process.env.SERVICES_HOST?.trim() || undefined });
  log().info({ port: listening.port, address: listening.address }, "reference services listening (/v1/**, /v2/**)");
  // `npm run cli` reaches the embedded database through this process (cli/portal-channel.ts)
  openCliChannel({ address: listening.address, family: listening.address.includes(":") ? "IPv6" : "IPv4", port: listening.port });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log().info({ signal }, "stopping: no new connections, then the database closes");
    void listening
      .close()
      .then(() => shutdownBackend())
      .then(
        () => 0,
        (error: unknown) => {
          log().error({ err: describeFault(error) }, "the services did not stop cleanly");
          return 1;
        },
      )
      // the last lines leave the process before it ends
      .then(async (code) => {
        await flushStdout();
        process.exit(code);
      });
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  // The usual reasons not to start fit on one line for the operator at the terminal (this is
  // the command's own output, like the admin CLI's); anything else is a fault with its stack.
  if (error instanceof DataDirInUseError) {
    // The usual case: a portal (npm run serve) already has the embedded database open.
    process.stderr.write(
      `npm run services: cannot start, the embedded database in ${error.dataDir} is in use by process ${error.pid} ` +
        `(PGlite allows one process at a time). Stop that process (the portal or another command), ` +
        `or give the services their own DATA_DIR, or use DATABASE_URL. If no such process is running, delete ${error.lockFile}.\n`,
    );
  } else if (error instanceof ConfigError) {
    process.stderr.write(`npm run services: ${error.message}\n`);
  } else {
    log().fatal({ err: describeFault(error) }, "the reference services could not start");
  }
  void flushStdout().then(() => process.exit(1));
});
