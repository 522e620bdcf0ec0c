/**
 * A stand-in for `next start` in a child process (run with tsx): the services' database open,
 * instrumentation's signal handler registered, and a handler like Next's own, which lets the
 * requests under way finish and then calls process.exit(143) on SIGTERM.
 */
import { getDb } from "@/lib/backend/db/client";
import { closeServicesOnSignal } from "@/lib/backend/shutdown";

process.on("SIGTERM", () => setTimeout(() => process.exit(143), 50));
closeServicesOnSignal();
void getDb().then(() => process.stdout.write("ready\n"));
setInterval(() => undefined, 60_000); // a server would keep the process alive
