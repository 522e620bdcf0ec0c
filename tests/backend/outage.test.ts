import { TEST_DATABASE } from "./support/postgres";
import { ownPostgres, POSTGRES_BIN, type OwnPostgres } from "./support/own-postgres";
import { call, captureLog, registerUser, startBackend, stopBackend } from "./support/harness";

/**
 * A database outage under PostgreSQL (the suite's PostgreSQL run): the server stops while the
 * services run, requests meanwhile get 10007 (HTTP 503, "try later"), never a crash or a 500,
 * and once the server is back the pool reconnects by itself.
 */
const postgresRun = TEST_DATABASE === "postgres" && POSTGRES_BIN !== null;
let own: OwnPostgres | null = null;
afterAll(async () => {
  await stopBackend();
  await own?.remove();
});

(postgresRun ? test : test.skip)(
  "stop PostgreSQL, call, start it, call again: 10007 during the outage, normal answers after it",
  async () => {
    own = await ownPostgres();
    // the instance's timers run every second, so each meets the outage too
    await startBackend({ DATABASE_URL: own.url, BULK_RUNNER_INTERVAL_SECONDS: "1", PRUNE_INTERVAL_SECONDS: "1" });
    const { utoken } = await registerUser("steady@example.com", "steady-pass1");
    const login = () => call("POST", "/v1/login", { body: { email: "steady@example.com", password: "steady-pass1" } });
    expect((await login()).code).toBe(0);

    const server = own;
    const { lines, text } = await captureLog(async (heard) => {
      await server.stop();
      expect(await login()).toMatchObject({ status: 503, code: 10007, message: "System error, try later or contact customer service." });
      expect(await call("GET", "/v1/user/basic", { token: utoken })).toMatchObject({ status: 503, code: 10007 });
      // the bulk jobs' runner and the prune say so and try again at their next run
      await heard((line) => line.msg === "the bulk job runner failed; trying again at the next run");
      await heard((line) => line.msg === "pruning failed; trying again at the next run");
      await server.start();
      expect((await login()).code).toBe(0);
      expect((await call("GET", "/v1/user/basic", { token: utoken })).code).toBe(0);
    }, "warn");

    expect(lines).toContainEqual(expect.objectContaining({ level: 50, msg: "database unavailable", route: "/v1/login", err: expect.objectContaining({ code: expect.stringMatching(/^(ECONNREFUSED|57P0[123])$/) }) }));
    expect(lines.filter((line) => line.msg === "unexpected error")).toEqual([]);
    // with the driver's code: ECONNREFUSED, or 57P01 for a run the stop cut off mid-query
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: "the bulk job runner failed; trying again at the next run", err: expect.objectContaining({ code: expect.stringMatching(/^(ECONNREFUSED|57P0[123])$/) }) }));
    // an outage is not a bug: no stack traces, and never a password
    expect(text).not.toMatch(/"stack"/);
    expect(text).not.toContain("steady-pass1");
  },
  60_000,
);
