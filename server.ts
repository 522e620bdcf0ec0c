/**
 * `npm start`: the portal's production server (after `npm run build`). Node's http server with
 * Next's custom-server handler (lib/server/portal-server.ts); SIGTERM/SIGINT stop it gracefully
 * (lib/server/stop.ts), after draining for SHUTDOWN_DRAIN_SECONDS. It answers /healthz and /readyz
 * itself (lib/server/probes.ts) and serves Prometheus metrics to operators only
 * (lib/server/metrics.ts: METRICS_PORT or METRICS_TOKEN). docs/deploy.md.
 *
 *   npm start                          every interface, PORT or 3000
 *   npm start -- -H 127.0.0.1 -p 3100  one address and port (as `next start -H … -p …`)
 *
 * Production runs plain JavaScript: `npm run build` bundles this file and the lib/ modules it
 * imports into .next/portal-server.js (esbuild, packages left to node_modules), and `npm start`
 * is `node .next/portal-server.js`. Nothing is transpiled at run time, so no helper process
 * shares the server's process group: a terminal's Ctrl-C or systemd's stop, which signal the
 * whole group, reach only this process, and its graceful stop runs to its last line.
 */
import path from "node:path";
import { parseArgs } from "node:util";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { hostname: { type: "string", short: "H" }, port: { type: "string", short: "p" } },
    strict: true,
  });
  const port = Number(values.port ?? process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`not a port: ${String(values.port ?? process.env.PORT)}`);
  // the production build of React and Next, whatever the caller's environment says
  if (process.env.NODE_ENV !== "production") Reflect.set(process.env, "NODE_ENV", "production");
  process.env.PORT = String(port);
  const { startPortalServer } = await import("./lib/server/portal-server");
  const { stopOnSignals } = await import("./lib/server/stop");
  const { portalConfig } = await import("./lib/config");
  const { portalLog } = await import("./lib/log");
  const { serverSettings } = await import("./lib/server/settings");
  const { startMetricsListener } = await import("./lib/server/metrics");
  const settings = serverSettings();
  const hostname = values.hostname?.trim() || undefined;
  // the embedded services run in this process unless the passport API is another origin
  const embedded = portalConfig().upstream.passport === null;
  const servicesCheck = embedded ? await embeddedServicesCheck() : undefined;
  // the OpenID Provider lives with the services (docs/oidc.md)
  const openIdProvider = embedded ? (await import("./lib/backend/oidc/mount")).providerRequestHandler() : undefined;
  // the API answers without Next's route handlers (lib/backend/http/portal-mount.ts)
  const services = embedded ? (await import("./lib/backend/http/portal-mount")).servicesRequestHandler() : undefined;
  // the built file lives in .next/: the project directory is the one above it
  const started = await startPortalServer({ dir: path.resolve(__dirname, ".."), hostname, port, settings, servicesCheck, openIdProvider, services });
  const metricsServer = await startMetricsListener(settings);
  // `npm run cli` reaches the embedded database through this process (docs/operators.md)
  if (embedded) (await import("./lib/backend/cli/portal-channel")).openCliChannel(started.address);
  stopOnSignals({
    server: started.server,
    closeApp: started.closeApp,
    closeServices: embedded ? async () => (await import("./lib/backend/shutdown")).closeServices() : undefined,
    drainSeconds: settings.drainSeconds,
    otherServers: metricsServer ? [metricsServer] : [],
  });
  portalLog().info({ address: started.address.address, port: started.address.port }, "the portal is listening");
}

/** /readyz's question to the embedded services, and their metrics (pool use) registered at start. */
async function embeddedServicesCheck() {
  const { servicesReadiness } = await import("./lib/backend/readiness");
  const { backendMetrics } = await import("./lib/backend/metrics");
  backendMetrics();
  return () => servicesReadiness();
}

main().catch((error: unknown) => {
  // one line for the operator (a missing build, a bad variable, a port in use), then exit 1
  process.stderr.write(`npm start: the portal could not start: ${error instanceof Error ? error.message : String(error)}\n`, () => process.exit(1));
});
