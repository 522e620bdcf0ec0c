/**
 * Loaded by the bench into the portal's server (`node --import tsx --import <this>
 * .next/portal-server.js`: tsx loads this file, the server is the built JavaScript), never by the
 * app: counts the SQL statements the server sends, and how many writes they hold (each INSERT, UPDATE, DELETE, those inside a WITH too), by wrapping the two drivers' query functions: PGlite's (both of its
 * builds, and the `tx.query` of its transactions, which does not go through the prototype) and
 * node-postgres' `Client.prototype.query`. On SIGUSR2 it writes
 * `{ "seq": n, "statements": …, "writes": …, "tables": { "insert sessions": … } }` to BENCH_QUERY_COUNT_FILE, so the bench can read
 * the counts before and after a journey. The SQL itself is never written anywhere.
 */
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { writeTargets } from "./maths.ts";

const counts = { seq: 0, statements: 0, writes: 0, tables: {} as Record<string, number> };
const countFile = process.env.BENCH_QUERY_COUNT_FILE;

function count(query: unknown): void {
  const text = typeof query === "string" ? query : typeof query === "object" && query !== null && "text" in query && typeof query.text === "string" ? query.text : "";
  counts.statements += 1;
  for (const target of writeTargets(text)) {
    counts.writes += 1;
    counts.tables[target] = (counts.tables[target] ?? 0) + 1;
  }
}

type QueryFn = (this: unknown, ...args: unknown[]) => unknown;
type Owner = Record<string, unknown>;

/** Wraps `owner[name]` (a function) so each call is counted first. */
function wrap(owner: Owner, name: string): void {
  const original = owner[name];
  if (typeof original !== "function") return;
  const fn = original as QueryFn;
  owner[name] = function (this: unknown, ...args: unknown[]) {
    count(args[0]);
    return fn.apply(this, args);
  };
}

/** The prototype in the chain of `start` that holds `name` itself. */
function holderOf(start: object, name: string): Owner | null {
  for (let proto: object | null = start; proto; proto = Object.getPrototypeOf(proto) as object | null) {
    if (Object.prototype.hasOwnProperty.call(proto, name)) return proto as Owner;
  }
  return null;
}

function patchPglite(PGlite: unknown): void {
  if (typeof PGlite !== "function") return;
  const base = holderOf(PGlite.prototype as object, "transaction");
  if (!base || base.__benchCounted) return;
  base.__benchCounted = true;
  wrap(base, "query");
  const transaction = base.transaction as QueryFn;
  base.transaction = function (this: unknown, callback: unknown) {
    if (typeof callback !== "function") return transaction.call(this, callback);
    return transaction.call(this, (tx: Owner) => {
      wrap(tx, "query");
      return (callback as (tx: Owner) => unknown)(tx);
    });
  };
}

const require = createRequire(import.meta.url);
try {
  const pg = require("pg") as { Client?: { prototype: Owner } };
  if (pg.Client) wrap(pg.Client.prototype, "query");
} catch {
  // not installed: nothing to count there
}
try {
  patchPglite((require("@electric-sql/pglite") as { PGlite?: unknown }).PGlite);
  patchPglite(((await import("@electric-sql/pglite")) as { PGlite?: unknown }).PGlite);
} catch {
  // not installed
}

if (countFile) {
  process.on("SIGUSR2", () => {
    counts.seq += 1;
    writeFileSync(countFile, JSON.stringify(counts));
  });
}
