import { sql } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { shutdownBackend } from "@/lib/backend/lifecycle";
import { call, fromIp, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";
import { migrationMillis, undoLaterMigrations } from "./support/migrations";
import { snNumber, watchInFull, WELDER_ENV } from "./support/welder";

/**
 * Migration 0006 (the record of SN passwords) on a database that was in use before it: on PGlite
 * and on PostgreSQL (the suite runs on both), the migration runs at start and what was there stays.
 */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend(WELDER_ENV);
}, OPEN_TIMEOUT);
afterAll(stopBackend);

test(
  "a database from before the SN-password record is migrated at start, and its accounts and training survive",
  async () => {
    const { utoken, uid } = await registerUser("veteran@example.com");
    await watchInFull(backend, utoken);

    // the database as the release before 0006 left it: without the table, without what every
    // later migration made, and without their journal rows
    const db = await getDb();
    await db.execute(sql`drop table sn_password_issues`);
    for (const statement of undoLaterMigrations("0006_sn_password_issues")) await db.execute(sql.raw(statement));
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${migrationMillis("0006_sn_password_issues")}`);
    // the new release starts on it
    await shutdownBackend();
    process.env.DATA_DIR = backend.dataDir;

    expect(await call("GET", "/v1/user/fullinfo", { token: utoken })).toMatchObject({ code: 0, data: { uid } });
    // the later migrations ran too: the session's step-up proof and two-step are there
    expect(await call("GET", "/v1/user/step-up", { token: utoken })).toMatchObject({ code: 0, data: { proven: false } });
    expect(await call("GET", "/v1/user/two-step", { token: utoken })).toMatchObject({ code: 0, data: { enabled: false } });
    expect(await call("GET", "/v1/safety/welder", { token: utoken })).toMatchObject({ code: 0, data: { completed: true } });
    expect(await call("GET", "/v1/safety/welder/passwords", { token: utoken })).toMatchObject({ code: 0, data: { total: 0 } });
    const issued = await call("POST", "/v1/safety/welder/password", { token: utoken, body: { sn: snNumber(7), power: "800W" }, headers: fromIp("127.0.0.2") });
    expect(issued).toMatchObject({ code: 0, data: { sn: snNumber(7), power: "800W" } });
    expect(await call("GET", "/v1/safety/welder/passwords", { token: utoken })).toMatchObject({ code: 0, data: { total: 1, list: [{ sn: snNumber(7), power: "800W" }] } });
  },
  OPEN_TIMEOUT,
);
