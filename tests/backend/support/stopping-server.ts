/**
 * A stand-in for the portal's server in a child process (run with `node --import tsx`): the
 * services' database open, the same graceful stop as server.ts (lib/server/stop.ts) over a
 * plain Node server, without Next (no build needed). GET /slow answers after SLOW_MS, so a
 * test can stop the server while a request is under way.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getDb } from "@/lib/backend/db/client";
import { closeServices } from "@/lib/backend/shutdown";
import { stopOnSignals } from "@/lib/server/stop";

const SLOW_MS = 1_500;

const server = http.createServer((request, response) => {
  if (request.url === "/slow") {
    process.stdout.write("slow request received\n");
    setTimeout(() => response.end("done"), SLOW_MS);
  }
  else response.end("ok");
});
stopOnSignals({ server, closeServices });
void getDb().then(() =>
  server.listen(0, "127.0.0.1", () => process.stdout.write(`ready ${(server.address() as AddressInfo).port}\n`)),
);
