/**
 * A stand-in for the portal's server in a child process (run with `node --import tsx`), without
 * Next (no build needed): the same probes, metrics and drain as server.ts (lib/server/probes.ts,
 * metrics.ts, stop.ts, settings.ts from the environment) over a plain Node server, on the
 * services' database (DATA_DIR, or DATABASE_URL) and Redis (REDIS_URL). GET /slow answers after
 * SLOW_MS; anything else 200 "ok".
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { backendMetrics } from "@/lib/backend/metrics";
import { servicesReadiness } from "@/lib/backend/readiness";
import { closeServices } from "@/lib/backend/shutdown";
import { startServices } from "@/lib/backend/lifecycle";
import { answerMetrics, observeRequest, startMetricsListener } from "@/lib/server/metrics";
import { answerProbe, instanceReadiness } from "@/lib/server/probes";
import { serverSettings } from "@/lib/server/settings";
import { stopOnSignals } from "@/lib/server/stop";

const SLOW_MS = Number(process.env.SLOW_MS ?? 3_000);
const settings = serverSettings();
backendMetrics();
const readiness = instanceReadiness(() => servicesReadiness());

const server = http.createServer((request, response) => {
  observeRequest(request, response);
  if (answerProbe(request, response, readiness) || answerMetrics(request, response, settings)) return;
  if (request.url === "/slow") {
    process.stdout.write("slow request received\n");
    setTimeout(() => response.end("done"), SLOW_MS);
  } else response.end("ok");
});

void (async () => {
  await startServices();
  const metricsServer = await startMetricsListener(settings);
  stopOnSignals({ server, closeServices, drainSeconds: settings.drainSeconds, otherServers: metricsServer ? [metricsServer] : [] });
  server.listen(0, "127.0.0.1", () => process.stdout.write(`ready ${(server.address() as AddressInfo).port}\n`));
})();
