import { sql } from "drizzle-orm";
import { createEnterprise } from "@/lib/backend/cli/commands";
import { getDb } from "@/lib/backend/db/client";
import { shutdownBackend } from "@/lib/backend/lifecycle";
import { call, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";
import { rewindMigrationsTo } from "./support/migrations";

/**
 * Migration 0023 (the brand of registration kept on the account) on a database in use before it,
 * on PGlite and on PostgreSQL (the suite runs on both): each account gets the brand its sessions
 * said, as the console's search read it from them before: the app code of its oldest session that
 * proved no factor (the one its registration opened); none without such a session.
 */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

test(
  "accounts registered before the migration are found by the brand they registered from",
  async () => {
    const PASSWORD = "secret-pass1";
    await registerUser("maker@before.test", PASSWORD, { "x-app-code": "atomm" });
    backend.advance(60);
    // a later sign-in from another brand is not a registration
    expect((await call("POST", "/v1/login", { body: { email: "maker@before.test", password: PASSWORD }, headers: { "x-app-code": "support" } })).code).toBe(0);
    await registerUser("plain@before.test", PASSWORD);
    backend.advance(60);
    expect((await call("POST", "/v1/login", { body: { email: "plain@before.test", password: PASSWORD }, headers: { "x-app-code": "atomm" } })).code).toBe(0);
    // sessions from before sign-in factors were kept (migration 0013) say nothing about a registration
    const { uid: veteran } = await registerUser("veteran@before.test", PASSWORD, { "x-app-code": "atomm" });
    const created = await createEnterprise({ account: "BEFORE-01", email: "boss@before.test", name: "Before Co" });
    expect((await call("POST", "/v1/enterprise/login", { body: { account: created.account, email: created.email, password: created.password }, headers: { "x-app-code": "atomm" } })).code).toBe(0);
    const db = await getDb();
    await db.execute(sql`update sessions set sign_in_factors = null where user_id = ${veteran}`);

    // the release before 0023, then the new one starts on its database
    await rewindMigrationsTo("0022_passkey_upgrade");
    const columns = await db.execute(sql`select 1 from information_schema.columns where table_name = 'users' and column_name = 'registration_app_code'`);
    expect(columns).toMatchObject({ rows: [] }); // the column is gone: the next start makes and fills it again
    await shutdownBackend();
    process.env.DATA_DIR = backend.dataDir;

    const viewer = operatorHeaders(await sessionOf(await newOperator("viewer")));
    const search = async (filter: string) => {
      const reply = await call("GET", `/v1/console/users?q=before.test&sort=email&order=asc${filter}`, { headers: viewer });
      expect({ status: reply.status, code: reply.code }).toEqual({ status: 200, code: 0 });
      return (reply.data?.list as Array<{ email: string; brand: string | null }>).map(({ email, brand }) => [email, brand]);
    };
    expect(await search("")).toEqual([
      ["boss@before.test", null],
      ["maker@before.test", "atomm"],
      ["plain@before.test", null],
      ["veteran@before.test", null],
    ]);
    expect(await search("&brand=atomm")).toEqual([["maker@before.test", "atomm"]]);
    expect(await search("&brand=support")).toEqual([]);
  },
  OPEN_TIMEOUT,
);
