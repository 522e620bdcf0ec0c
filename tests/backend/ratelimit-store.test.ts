import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { resetRateLimits } from "@/lib/backend/ratelimit";
import { call, captureLog, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, ticketFor, type Backend } from "./support/harness";

/**
 * The rate-limit store behind REDIS_URL. Without a reachable Redis the limits still hold (an
 * in-process limiter stands in). With TEST_REDIS_URL set (e.g. redis://127.0.0.1:6379 of a
 * local redis-server) the counts are shown to live in Redis: they survive a restart.
 */
let backend: Backend;
afterEach(stopBackend);

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function failFiveTimes(email: string): Promise<void> {
  for (let i = 1; i <= 5; i++) {
    const ticket = i > 3 ? await ticketFor("password_login", email) : undefined;
    expect((await call("POST", "/v1/login", { body: { email, password: "wrong-pass", ticket } })).code).toBe(20205);
  }
}

function tryRight(email: string) {
  return ticketFor("password_login", email).then((ticket) => call("POST", "/v1/login", { body: { email, password: "right-pass1", ticket } }));
}

test(
  "with Redis unreachable, the limits still hold in the process, and its password is not logged",
  async () => {
    backend = await startBackend({ REDIS_URL: `redis://:redis-pass-9@127.0.0.1:${await closedPort()}` });
    const { lines, text } = await captureLog(async () => {
      await registerUser("no-redis@example.com", "right-pass1");
      await failFiveTimes("no-redis@example.com");
      expect(await tryRight("no-redis@example.com")).toMatchObject({ status: 429, code: 10004, data: { retryAfter: 30 } });
      backend.advance(30);
      expect((await tryRight("no-redis@example.com")).code).toBe(0);
    }, "warn");
    expect(lines).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringContaining("redis") }));
    expect(text).not.toContain("redis-pass-9");
  },
  OPEN_TIMEOUT,
);

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? test : test.skip)(
  "with REDIS_URL the counts live in Redis: a restarted process still makes the caller wait",
  async () => {
    backend = await startBackend({ REDIS_URL: redisUrl });
    const email = `redis-${randomUUID()}@example.com`;
    await registerUser(email, "right-pass1");
    await failFiveTimes(email);
    expect((await tryRight(email)).code).toBe(10004);
    await resetRateLimits(); // as if the process restarted: the in-process state is gone
    expect(await tryRight(email)).toMatchObject({ status: 429, code: 10004 });
  },
  OPEN_TIMEOUT,
);
