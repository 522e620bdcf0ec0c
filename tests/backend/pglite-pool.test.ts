import { sql } from "drizzle-orm";
import { getDb, inTransaction } from "@/lib/backend/db/client";
import { TEST_DATABASE } from "./support/postgres";
import { call, registerUser, startBackend, stopBackend } from "./support/harness";

/**
 * The embedded database through node-postgres (lib/backend/db/pglite-pool.ts): PGlite is one
 * session, so the pool of one must keep a transaction to itself, and a client the pool ends after
 * a failed query must leave the next one a clean session (no transaction, no named statement the
 * new client would name again). What a caller sees: sign-ins (named statements) keep working
 * after failures, and nothing of a transaction shows before it commits.
 */
const pgliteRun = TEST_DATABASE === "pglite";
beforeAll(async () => {
  await startBackend();
});
afterAll(stopBackend);

const signIn = async (email: string) => (await call("POST", "/v1/login", { body: { email, password: "pool-pass1" } })).code;
const count = async (email: string) => {
  const result = (await (await getDb()).execute(sql`select count(*)::int as n from users where email = ${email}`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]?.n;
};

(pgliteRun ? test : test.skip)("after a failed query and a failed transaction, sign-ins (named statements) and plain queries go on, outside any transaction", async () => {
  await registerUser("pool@example.com", "pool-pass1");
  expect(await signIn("pool@example.com")).toBe(0);
  const db = await getDb();
  // a query that fails: the pool ends that client and opens another on the same session
  await expect(db.execute(sql`select * from no_such_table`)).rejects.toThrow();
  expect(await signIn("pool@example.com")).toBe(0);
  // a transaction that fails after a write: rolled back, and the session is not left in it
  await expect(
    inTransaction(async () => {
      await (await getDb()).execute(sql`update users set nickname = 'half-done' where email = 'pool@example.com'`);
      await (await getDb()).execute(sql`select * from no_such_table`);
    }),
  ).rejects.toThrow();
  const nickname = (await db.execute(sql`select nickname from users where email = 'pool@example.com'`)) as unknown as { rows: Array<{ nickname: string | null }> };
  expect(nickname.rows[0]?.nickname).not.toBe("half-done");
  const open = (await db.execute(sql`select now() = statement_timestamp() as fresh`)) as unknown as { rows: Array<{ fresh: boolean }> };
  expect(open.rows[0]?.fresh).toBe(true); // inside a transaction now() would be its start, earlier
  expect(await signIn("pool@example.com")).toBe(0);
  // a unique violation (what a race between two sign-ups meets) is the caller's 23505, and the next query works
  await expect(db.execute(sql`insert into users (id, email, password_hash, created_at, updated_at) select gen_random_uuid(), email, password_hash, now(), now() from users where email = 'pool@example.com'`)).rejects.toMatchObject({ cause: { code: "23505" } });
  expect(await count("pool@example.com")).toBe(1);
});

(pgliteRun ? test : test.skip)("a query made while a transaction is open waits for it: it never runs inside it or sees its rows first", async () => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let wrote: () => void = () => undefined;
  const written = new Promise<void>((resolve) => {
    wrote = resolve;
  });
  const transaction = inTransaction(async () => {
    await (await getDb()).execute(sql`insert into users (id, email, password_hash, created_at, updated_at) values (gen_random_uuid(), 'inside@example.com', 'not a hash', now(), now())`);
    wrote();
    await held;
  });
  await Promise.race([written, transaction]);
  // asked while the transaction holds the one session: answered only after it committed
  const outside = count("inside@example.com");
  let answered = false;
  void outside.then(() => {
    answered = true;
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(answered).toBe(false);
  release();
  await transaction;
  expect(await outside).toBe(1);
});

/**
 * A statement's messages reach PGlite together (the connection holds Parse, Bind, Describe and
 * Execute until the Sync that ends them): one round into PGlite per statement, as node-postgres
 * writes one run to PostgreSQL's socket, where PGlite's own adapter made four or five. Errors
 * inside a run still come back to their query, and the connection goes on after them.
 */
(pgliteRun ? test : test.skip)("each statement is one round into PGlite, and an error inside a run fails only its query", async () => {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pglitePool } = await import("@/lib/backend/db/pglite-pool");
  const pglite = await PGlite.create();
  const pool = pglitePool(pglite);
  try {
    await pool.query("create table t (id int primary key, v text)");
    await pool.query("insert into t select i, 'value ' || i from generate_series(1, 10) i");
    let rounds = 0;
    const exec = pglite.execProtocolStream.bind(pglite);
    pglite.execProtocolStream = (message, options) => {
      rounds += 1;
      return exec(message, options);
    };
    const named = (id: unknown) => pool.query({ name: "one", text: "select v from t where id = $1", values: [id] });
    expect((await named(3)).rows).toEqual([{ v: "value 3" }]); // parsed, bound, described, executed
    expect((await named(4)).rows).toEqual([{ v: "value 4" }]); // bound, described, executed
    expect(rounds).toBe(2);
    // a value the statement cannot take: its Bind fails, PGlite skips to the Sync, the query gets the error
    await expect(named("four")).rejects.toMatchObject({ code: "22P02" });
    // a statement that does not parse
    await expect(pool.query({ name: "broken", text: "select v from no_such_table where id = $1", values: [1] })).rejects.toMatchObject({ code: "42P01" });
    expect((await named(5)).rows).toEqual([{ v: "value 5" }]);
    expect((await pool.query("select count(*)::int as n from t")).rows).toEqual([{ n: 10 }]);
  } finally {
    await pool.end();
    await pglite.close();
  }
});
