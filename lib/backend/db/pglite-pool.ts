import type { PGlite } from "@electric-sql/pglite";
import { EventEmitter } from "node:events";
import { Client, Pool } from "pg";
import { serialize } from "pg-protocol";
import { log } from "../log";

/**
 * The embedded database through node-postgres, as PostgreSQL is reached (client.ts): the
 * connection below hands node-postgres' wire-protocol messages to PGlite, so a named statement (drizzle's `.prepare(name)`, `preparedOnce`) is parsed and
 * planned once and then only bound and executed. PGlite's `query()` sends every statement
 * unnamed and plans it again on each call: the same hot statement cost about four times the CPU
 * that way (docs/performance.md). It also makes both databases one driver: the same type
 * parsing, errors and transactions.
 *
 * One client at a time (PGlite is one session), in a pool of one so that a transaction holds it
 * alone and every other query waits for it (a bare client would run them inside the
 * transaction); kept open while idle. Nothing else may query the PGlite instance while the pool
 * is open: the connection does not take PGlite's own query lock.
 */
type Messages = Awaited<ReturnType<PGlite["execProtocolStream"]>>;

/**
 * node-postgres' connection to PGlite, after PGlite's own adapter (`PglitePgConnection`) with
 * one difference: the messages of an extended query (Parse, Bind, Describe, Execute, Close) are
 * held until the Sync or Flush that ends them, and the whole run goes to PGlite in one
 * `execProtocolStream` call, as node-postgres writes it to PostgreSQL's socket in one go. The
 * adapter hands PGlite each message alone: four or five rounds into PGlite per statement, each
 * with its own parse of the answer and its own file-system sync. PGlite runs every message of a
 * buffer in turn (its main loop takes one at a time), and after an error it skips to the Sync as
 * PostgreSQL does, so node-postgres reads the same answers in the same order.
 *
 * The messages are written by node-postgres' own serializer (pg-protocol), as for PostgreSQL:
 * Parse with no parameter types when drizzle hands an object of type parsers there (the
 * adapter's serializer called `forEach` on it and threw).
 */
class Connection extends EventEmitter {
  // read by node-postgres' Client: `end()` skips the connection's end without `_connecting`, and
  // destroys the stream when a query is still active
  _connecting = false;
  readonly stream = { destroy: () => this.end() };
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};

  readonly #pglite: PGlite;
  #queue: Promise<unknown>;
  #held: Buffer[] = [];
  #emitMessage = false;

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.#queue = pglite.waitReady;
    this.on("newListener", (name) => {
      if (name === "message") this.#emitMessage = true;
    });
  }

  #hold(message: Buffer): void {
    this.#held.push(message);
  }

  #send(message: Buffer): void {
    const buffer = this.#held.length === 0 ? message : Buffer.concat([...this.#held, message]);
    this.#held = [];
    this.#queue = this.#queue
      .then(() => this.#pglite.execProtocolStream(buffer, { throwOnError: false }))
      .then((messages: Messages) => {
        for (const message of messages) {
          if (this.#emitMessage) this.emit("message", message);
          // node-postgres reads an ErrorResponse as 'errorMessage'
          this.emit(message.name === "error" ? "errorMessage" : message.name, message);
        }
      })
      .catch((error: unknown) => {
        this.emit("error", error);
      });
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.#pglite.waitReady;
    process.nextTick(() => this.emit("readyForQuery"));
  }

  // no socket, no TLS, no authentication: PGlite is in this process
  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  query(text: string): void {
    this.#send(serialize.query(text));
  }
  parse(query: Parameters<typeof serialize.parse>[0] & { types?: unknown }): void {
    this.#hold(serialize.parse({ ...query, types: Array.isArray(query.types) ? query.types : [] }));
  }
  bind(config: Parameters<typeof serialize.bind>[0]): void {
    this.#hold(serialize.bind(config));
  }
  describe(message: Parameters<typeof serialize.describe>[0]): void {
    this.#hold(serialize.describe(message));
  }
  execute(config: Parameters<typeof serialize.execute>[0]): void {
    this.#hold(serialize.execute(config));
  }
  close(message: Parameters<typeof serialize.close>[0]): void {
    this.#hold(serialize.close(message));
  }
  flush(): void {
    this.#send(serialize.flush());
  }
  sync(): void {
    this.#send(serialize.sync());
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.#send(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.#send(serialize.copyDone());
  }
  sendCopyFail(message: string): void {
    this.#send(serialize.copyFail(message));
  }

  end(): void {
    // as a socket closing: node-postgres waits for 'end'. PGlite is shared and stays open.
    this.#held = [];
    this.#queue = this.#queue.then(() => this.emit("end"));
    for (const name of this.eventNames()) if (name !== "newListener") this.removeAllListeners(name);
    this.#emitMessage = false;
  }
}

export function pglitePool(pglite: PGlite): Pool {
  // Each client its own adapter connection. The pool ends a client whose query failed
  // (pg-pool does so on PostgreSQL too) and makes a new one; an adapter connection shared by
  // both would hand the ended client's late 'end' to the new one ("Connection terminated
  // unexpectedly", seen as an outage).
  class PgliteClient extends Client {
    constructor() {
      // the connection stands in for the socket (node-postgres takes one in its config, though its
      // types do not say so); the rest is what it asks of a config
      const config = { connection: new Connection(pglite), user: "postgres", password: "pglite", database: "postgres", host: "localhost", port: 5432 };
      super(config);
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
