import type { PGlite } from "@electric-sql/pglite";
import { PGlitePgConfig, PglitePgConnection } from "@electric-sql/pglite/node-postgres";
import { Client, Pool } from "pg";
import { log } from "../log";

/**
 * The embedded database through node-postgres, as PostgreSQL is reached (client.ts): PGlite's
 * own adapter (`@electric-sql/pglite/node-postgres`) hands node-postgres' wire-protocol messages
 * to PGlite, so a named statement (drizzle's `.prepare(name)`, `preparedOnce`) is parsed and
 * planned once and then only bound and executed. PGlite's `query()` sends every statement
 * unnamed and plans it again on each call: the same hot statement cost about four times the CPU
 * that way (docs/performance.md). It also makes both databases one driver: the same type
 * parsing, errors and transactions.
 *
 * One client at a time (PGlite is one session), in a pool of one so that a transaction holds it
 * alone and every other query waits for it (a bare client would run them inside the
 * transaction); kept open while idle. Nothing else may query the PGlite instance while the pool
 * is open: the adapter does not take PGlite's own query lock.
 */
class Connection extends PglitePgConnection {
  // node-postgres hands the query's `types` (drizzle's type parsers, an object) to Parse, where
  // its own serializer reads only an array of parameter types and ignores anything else; PGlite's
  // serializer calls `types.forEach` and throws. The same as node-postgres: no parameter types.
  override parse(query: { types?: unknown }): void {
    super.parse({ ...query, types: Array.isArray(query.types) ? query.types : [] });
  }
}

class Config extends PGlitePgConfig {
  override readonly connection: Connection;
  constructor(pglite: PGlite) {
    super({ pglite });
    this.connection = new Connection({ pglite });
  }
}

export function pglitePool(pglite: PGlite): Pool {
  // Each client its own adapter connection. The pool ends a client whose query failed
  // (pg-pool does so on PostgreSQL too) and makes a new one; an adapter connection shared by
  // both would hand the ended client's late 'end' to the new one ("Connection terminated
  // unexpectedly", seen as an outage).
  class PgliteClient extends Client {
    constructor() {
      super({ ...new Config(pglite) });
    }
  }
  const pool = new Pool({
    Client: PgliteClient,
    max: 1,
    idleTimeoutMillis: 0,
    // A new connection is still PGlite's one session: it starts as a new PostgreSQL connection
    // does, with no transaction and no named statement (the new client names its statements
    // again). The pool awaits this before it hands the client out; a failure fails that request.
    onConnect: async (client) => {
      await client.query(pglite.isInTransaction() ? "rollback; deallocate all" : "deallocate all");
    },
  });
  // The adapter reports a failure of PGlite itself (not a query's error, which the query gets) as
  // the connection's 'error': node-postgres fails the query under way with it and emits it on the
  // client, or on the pool when idle, where an 'error' with no listener would end the process.
  const failed = (error: Error) => log().error({ err: { type: error.name, message: error.message } }, "the embedded database failed");
  pool.on("error", failed);
  pool.on("connect", (client) => {
    client.on("error", failed);
  });
  return pool;
}
