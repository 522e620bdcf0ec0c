import type { Db } from "../db/client";
import { singleton } from "../singleton";

/**
 * Pruners: each deletes what its feature no longer needs (expired nonces, spent tickets, old
 * failure rows …) and says how much it removed. The services' own are listed in pruners.ts; a
 * feature with a growing table of its own calls `registerPruner` when its module loads, and the
 * periodic run (schedule.ts) and `npm run cli -- prune` include it from then on.
 */
export type Pruner = {
  /** names the table or files in the log line and the admin command's output */
  name: string;
  /** removes what is stale at `at`; returns how many rows or files went */
  prune(db: Db, at: Date): Promise<number>;
};

function registered(): Map<string, Pruner> {
  return singleton("pruners", () => new Map<string, Pruner>());
}

/** Add (or replace, by name) a pruner. */
export function registerPruner(pruner: Pruner): void {
  registered().set(pruner.name, pruner);
}

export function registeredPruners(): Pruner[] {
  return [...registered().values()];
}
