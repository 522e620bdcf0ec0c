import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { getConfig } from "../config";
import { clearSingleton, peekSingleton, singleton } from "../singleton";
import { log } from "../log";
import { lockDataDir } from "./dir-lock";
import { findImage, holdsDatabase } from "./image";
import { pgErrorCode } from "./errors";

/**
 * The database: PGlite in DATA_DIR/pglite by default, PostgreSQL when DATABASE_URL is set, both
 * through node-postgres and drizzle's node-postgres driver (PGlite by its wire-protocol adapter:
 * pglite-pool.ts). Opened lazily on first use (never at import: Next imports route
 * modules at build time), migrated with the committed SQL migrations, then cached on
 * globalThis for the life of the process.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** What readiness and metrics read of the open database, with the driver's own client (no drizzle). */
export type PoolStats = { driver: "pglite" | "pg"; max: number; total: number; idle: number; waiting: number };

type Handle = {
  db: Db;
  driver: "pglite" | "pg";
  close: () => Promise<void>;
  /** the migrations recorded as applied (drizzle's own table), read with the driver's client */
  appliedMigrations: () => Promise<number>;
  stats: () => PoolStats;
};

const APPLIED_MIGRATIONS = "select count(*)::int as n from drizzle.__drizzle_migrations";

const NAME = "db";
/** Arbitrary constant: the advisory lock that serialises migrations of several instances. */
const MIGRATION_LOCK = 7_318_604_211;

/**
 * Migrations live in the source tree and are read at run time, resolved from the working
 * directory, which is the project root under `npm start`, `npm run services` and jest.
 */
export function migrationsFolder(): string {
  const folder = path.join(process.cwd(), "lib", "backend", "db", "migrations");
  if (!fs.existsSync(path.join(folder, "meta", "_journal.json"))) {
    throw new Error(`Database migrations not found in ${folder}; start the app from the project root.`);
  }
  return folder;
}

/**
 * DATA_DIR/pglite.creating: written before a new database is made (initdb, or the build's image
 * unpacked) and removed once its migrations ran. The image's unpacking writes PG_VERSION first,
 * so a start killed during it leaves a directory that looks like a database and that PGlite
 * cannot open ("PGlite failed to initialize properly"). Found at a start, the file says the
 * directory holds such a half-made database, never anything saved (no request is served before
 * the migrations ran), so the next start makes it again instead of refusing to start.
 */
const CREATING = "pglite.creating";

async function openPglite(dataDir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const folder = migrationsFolder();
  const dir = path.join(dataDir, "pglite");
  fs.mkdirSync(dir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  const unfinished = path.join(dataDir, CREATING);
  let creating = false;
  let client: Awaited<ReturnType<typeof PGlite.create>>;
  try {
    if (fs.existsSync(unfinished)) {
      // a start stopped while it made this database: nothing was saved in it, so it is made again
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      log().warn({ dataDir }, "the database a stopped start was making is made again");
    }
    creating = !holdsDatabase(dir);
    if (creating) fs.writeFileSync(unfinished, `${process.pid}\n`, { mode: 0o600 });
    // pg_trgm is one of PGlite's contrib extensions, loaded only when named (migration 0018 creates it)
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    // a new database from the build's image when there is one for this code (image.ts)
    const image = creating ? findImage(folder) : null;
    client = await PGlite.create(dir, { extensions: { pg_trgm }, ...(image ? { loadDataDir: new Blob([fs.readFileSync(image)]) } : {}) });
    if (image) log().info({ image: path.basename(image) }, "database created from the build's image");
  } catch (error) {
    unlock();
    throw error;
  }
  // node-postgres over PGlite's wire protocol (pglite-pool.ts): the driver of PostgreSQL, with its
  // named statements, which PGlite then plans once
  const { pglitePool } = await import("./pglite-pool");
  const pool = pglitePool(client);
  const close = async () => {
    try {
      await pool.end();
      await client.close();
    } finally {
      unlock();
    }
  };
  try {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    await migrate(drizzle({ client: pool }), { migrationsFolder: folder });
    if (creating) fs.rmSync(unfinished, { force: true });
    return {
      db: drizzle({ client: pool }),
      driver: "pglite",
      close,
      appliedMigrations: async () => Number((await pool.query<{ n: number }>(APPLIED_MIGRATIONS)).rows[0]?.n ?? 0),
      // one embedded connection: what waits for it waits here
      stats: () => ({ driver: "pglite", max: 1, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const folder = migrationsFolder();
  const max = 10;
  const pool = new Pool({ connectionString: url, max });
  // An idle connection that dies (the server restarted, a network cut) is reported here; without
  // a listener node-postgres' 'error' event would end the process. The pool drops that
  // connection and opens new ones on demand, so it reconnects by itself once the server is back.
  pool.on("error", (error) => {
    log().warn({ err: { type: error.name, code: pgErrorCode(error), message: error.message } }, "database connection lost; the pool reconnects on demand");
  });
  // A connection that dies while checked out between two queries (a transaction waiting on the
  // bucket when the server restarts) emits 'error' on the client, where the pool no longer
  // listens: an uncaught exception. Its next query then fails as unavailable (10007).
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  try {
    // One dedicated connection holds the lock, so instances starting together migrate once.
    const connection = await pool.connect();
    try {
      await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      try {
        await migrate(drizzle({ client: connection }), { migrationsFolder: folder });
      } finally {
        await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
      }
    } finally {
      connection.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db: drizzle({ client: pool }),
    driver: "pg",
    close: () => pool.end(),
    appliedMigrations: async () => Number((await pool.query<{ n: number }>(APPLIED_MIGRATIONS)).rows[0]?.n ?? 0),
    stats: () => ({ driver: "pg", max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** The database (the services' lifecycle starts the periodic prune beside it: lifecycle.ts). */
async function open(): Promise<Handle> {
  const config = getConfig();
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

function handle(): Promise<Handle> {
  const pending = singleton(NAME, open);
  // A failed open is not cached: the next request tries again.
  pending.catch(() => {
    if (peekSingleton(NAME) === pending) clearSingleton(NAME);
  });
  return pending;
}

/** The transaction `inTransaction` runs its work in: every `getDb()` inside it answers that. */
const ambient = new AsyncLocalStorage<Db>();

export async function getDb(): Promise<Db> {
  return ambient.getStore() ?? (await handle()).db;
}

/**
 * Runs `work` in one transaction without handing it a handle: the services it calls read the
 * database through `getDb()` as always, and their own `db.transaction` becomes a savepoint. An
 * operator's action and its audit row commit together this way (services/console/audited.ts).
 */
export async function inTransaction<T>(work: () => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction((tx) => ambient.run(tx, work));
}

/**
 * A query of a hot path built once per database and then only executed: its SQL is not made
 * again on every call, and the database parses it once per connection (a named prepared
 * statement, on PGlite too: pglite-pool.ts). `build` makes it with drizzle's `.prepare(name)`; the name must be unique.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    const found = built.get(db);
    if (found !== undefined) return found;
    const made = build(db);
    built.set(db, made);
    return made;
  };
}

/** The committed migrations (the journal's entries), read once. */
let journalEntries: number | null = null;
function committedMigrations(): number {
  if (journalEntries === null) {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries?: unknown[] };
    journalEntries = journal.entries?.length ?? 0;
  }
  return journalEntries;
}

export type DatabaseReadiness = "ok" | "starting" | "unavailable" | "migrations pending";

/**
 * For /readyz: the database answers a query within `timeoutMs` and has every committed migration
 * applied. Opens the database when nothing has yet (the same opening requests share); an opening
 * still under way (a first migration) is "starting".
 */
export async function databaseReadiness(timeoutMs = 2_000): Promise<DatabaseReadiness> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => (timer = setTimeout(() => resolve("late"), timeoutMs)));
  const opening = handle();
  try {
    const opened = await Promise.race([opening, late]);
    if (opened === "late") return "starting";
    const applied = await Promise.race([opened.appliedMigrations(), late]);
    if (applied === "late") return "unavailable";
    return applied >= committedMigrations() ? "ok" : "migrations pending";
  } catch {
    return "unavailable";
  } finally {
    clearTimeout(timer);
  }
}

/** The pool's use for the metrics; null while the database is not open. */
export async function databasePoolStats(): Promise<PoolStats | null> {
  const pending = peekSingleton<Promise<Handle>>(NAME);
  if (!pending) return null;
  try {
    // an opening still under way is not waited for: a scrape never hangs on the database
    const opened = await Promise.race([pending, Promise.resolve(null)]);
    return opened?.stats() ?? null;
  } catch {
    return null;
  }
}

/** Close the database if it is open; the next `getDb()` opens it again. */
export async function closeDb(): Promise<void> {
  const pending = peekSingleton<Promise<Handle>>(NAME);
  if (!pending) return;
  clearSingleton(NAME);
  try {
    await (await pending).close();
  } catch {
    // it never opened; nothing to close
  }
}
