import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getDb, migrationsFolder } from "../../../lib/backend/db/client";
import { shutdownBackend } from "../../../lib/backend/lifecycle";
import { scratchRoot } from "./scratch";

/** PGlite loads its WebAssembly with import(), which jest only allows with this Node flag. */
export function explain(error: unknown): never {
  // the error comes from jest's own realm, so test its message rather than its class
  if (/experimental-vm-modules/.test(String((error as { message?: unknown } | null)?.message))) {
    throw new Error(
      "Backend tests need Node's --experimental-vm-modules (PGlite uses dynamic import()). " +
        "Run them with NODE_OPTIONS=--experimental-vm-modules (backend project only: msw in the unit project breaks with it).",
      { cause: error },
    );
  }
  throw error;
}

/** Make it with this environment only, then give the process its own back. */
async function withEnv(env: Record<string, string>, run: () => Promise<void>): Promise<void> {
  const saved = { ...process.env };
  for (const key of ["DATA_DIR", "DATABASE_URL", "REDIS_URL", "CODE_SECRET", "LOG_LEVEL"]) delete process.env[key];
  Object.assign(process.env, env);
  try {
    await run();
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

/**
 * The tests' one setting of the database, written into the template's postgresql.conf so every
 * copy starts with it: a smaller buffer pool than initdb's 128 MB. PGlite zeroes the whole pool
 * in WebAssembly each time it opens, which was most of a backend's start: 1.5 of about 2 s of CPU
 * here (measured in docs/testing.md). The tests' databases hold a few megabytes, so 16 MB still
 * caches all of them; queries, plans and results are the same PostgreSQL's. (The portal itself
 * keeps initdb's setting: this is the tests' template only, like fsync=off on their PostgreSQL.)
 */
const TEST_SETTINGS = "\n# the backend tests' template (tests/backend/support/pglite-template.ts)\nshared_buffers = 16MB\n";

/**
 * A new PGlite directory costs seconds (initdb, then the migrations; half a minute on a busy
 * machine); reopening one costs a fraction. So a migrated database is made once per version of
 * the migrations, before the first test (global-setup.ts, with no time limit), and every
 * backend starts from a copy of it. Still a real database: the copy is opened and migrated
 * like any other. A test file run on its own (without the global setup) makes it here.
 */
export async function pgliteTemplate(): Promise<string> {
  const folder = migrationsFolder();
  const digest = createHash("sha256").update(TEST_SETTINGS);
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) digest.update(`${file}\0`).update(fs.readFileSync(full));
  }
  const template = path.join(scratchRoot(), `passport-pglite-template-${digest.digest("hex").slice(0, 16)}`);
  if (fs.existsSync(template)) return template;
  const building = fs.mkdtempSync(path.join(scratchRoot(), "passport-pglite-build-"));
  await withEnv({ DATA_DIR: building, LOG_LEVEL: "silent" }, async () => {
    await shutdownBackend(); // forget anything cached before the environment was set
    try {
      await getDb().catch(explain);
    } finally {
      await shutdownBackend();
    }
  });
  fs.rmSync(path.join(building, "secret"), { force: true });
  fs.appendFileSync(path.join(building, "pglite", "postgresql.conf"), TEST_SETTINGS);
  try {
    fs.renameSync(building, template); // atomic: other workers see all of it or nothing
  } catch {
    fs.rmSync(building, { recursive: true, force: true }); // another worker was first
  }
  return template;
}
