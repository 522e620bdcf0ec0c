import fs from "node:fs";
import path from "node:path";
import { closeDb } from "@/lib/backend/db/client";
import { shutdownBackend } from "@/lib/backend/lifecycle";
import { TEST_DATABASE } from "./support/postgres";
import { call, OPEN_TIMEOUT, registerUser, requestCode, startBackend, stopBackend, type Backend } from "./support/harness";

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

test(
  "accounts, sessions and codes survive closing and reopening the same DATA_DIR",
  async () => {
    const { utoken, uid } = await registerUser("durable@example.com", "keep-me-1");
    const pending = await requestCode("later@example.com");
    // the code secret lives in DATA_DIR, or in the database when there is one to share
    expect(fs.existsSync(path.join(backend.dataDir, "secret"))).toBe(TEST_DATABASE === "pglite");

    // as if the process restarted: database closed, cached secret and config forgotten
    await shutdownBackend();
    process.env.DATA_DIR = backend.dataDir;

    expect(await call("GET", "/v1/user/fullinfo", { token: utoken })).toMatchObject({ code: 0, data: { uid } });
    expect((await call("POST", "/v1/login", { body: { email: "durable@example.com", password: "keep-me-1" } })).code).toBe(0);
    // the code secret was kept on disk, so a code mailed before the restart still works
    const registered = await call("POST", "/v1/register", {
      body: { email: "later@example.com", password: "secret-pass1", captcha: pending.code, nonce: pending.nonce },
    });
    expect(registered.code).toBe(0);

    await closeDb();
    expect((await call("POST", "/v1/login", { body: { email: "later@example.com", password: "secret-pass1" } })).code).toBe(0);
  },
  // the database is opened three times and argon2 runs four times: on a busy 2-core machine
  // that passed 30 s, and the test then went on loading modules after Jest had torn down
  6 * OPEN_TIMEOUT,
);
