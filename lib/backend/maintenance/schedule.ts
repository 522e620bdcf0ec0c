import { now } from "../clock";
import type { Db } from "../db/client";
import { describeFault, log } from "../log";
import { pruneAll } from "./pruners";

/**
 * The periodic prune, started when the database opens and stopped when it closes. The timer is
 * unref'd (it never keeps a process alive: the admin CLI and tests exit as before), and a
 * failed run (the database away for a moment) is logged and tried again at the next tick.
 * With several instances each prunes; the deletes are idempotent.
 */
export function startPruning(db: Db, everySeconds: number): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const counts = await pruneAll(db, now());
      const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
      if (total > 0) log().info({ removed: counts }, "pruned stale rows and files");
    } catch (error) {
      log().warn({ err: describeFault(error) }, "pruning failed; trying again at the next run");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
