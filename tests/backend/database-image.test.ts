import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDb, migrationsFolder } from "@/lib/backend/db/client";
import { buildImage } from "@/lib/backend/db/build-image";
import { findImage, IMAGE_DIR, imageName } from "@/lib/backend/db/image";
import { shutdownBackend } from "@/lib/backend/lifecycle";
import { TEST_DATABASE } from "./support/postgres";
import { call, captureLog, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";

/**
 * The build's database image (lib/backend/db/image.ts): a start with an empty DATA_DIR unpacks it
 * instead of running initdb, and ends with the same database as one made from scratch; a data
 * directory that holds a database is never touched; an image made for other migrations or
 * another PGlite is not taken. PGlite only: PostgreSQL has no image.
 */
const pgliteRun = TEST_DATABASE === "pglite";
let backend: Backend | undefined;
afterAll(stopBackend);

const journalEntries = () => (JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;
const created = (text: string) => text.includes("database created from the build's image");

(pgliteRun ? test : test.skip)(
  "an empty DATA_DIR starts from the image, with every migration recorded; a restart keeps its data",
  async () => {
    const image = await buildImage(); // what `npm run build` makes; kept when already there
    expect(path.relative(process.cwd(), image)).toBe(path.join(IMAGE_DIR, imageName(migrationsFolder())));
    backend = await startBackend();
    const dataDir = backend.dataDir;
    // as a first start: the database closed and its directory gone
    await shutdownBackend();
    fs.rmSync(path.join(dataDir, "pglite"), { recursive: true, force: true });
    process.env.DATA_DIR = dataDir;

    const first = await captureLog(async () => {
      const { uid } = await registerUser("imaged@example.com", "image-pass1");
      const signedIn = await call("POST", "/v1/login", { body: { email: "imaged@example.com", password: "image-pass1" } });
      expect(await call("GET", "/v1/user/basic", { token: String(signedIn.data?.utoken) })).toMatchObject({ code: 0, data: { uid } });
    });
    expect(created(first.text)).toBe(true);
    const rows = (await (await getDb()).execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: Array<{ n: number }> };
    expect(rows.rows[0]?.n).toBe(journalEntries());
    // pg_trgm, which a migration creates, came with it: the console's search by a part works
    const extensions = (await (await getDb()).execute(sql`select extname from pg_extension order by extname`)) as unknown as { rows: Array<{ extname: string }> };
    expect(extensions.rows.map((row) => row.extname)).toContain("pg_trgm");

    // a restart on the same directory opens what is there: the account is kept, no image unpacked
    await shutdownBackend();
    process.env.DATA_DIR = dataDir;
    const second = await captureLog(async () => {
      expect((await call("POST", "/v1/login", { body: { email: "imaged@example.com", password: "image-pass1" } })).code).toBe(0);
    });
    expect(created(second.text)).toBe(false);
  },
  6 * OPEN_TIMEOUT,
);

(pgliteRun ? test : test.skip)("an image made for another PGlite or other migrations is not taken", async () => {
  const migrations = migrationsFolder();
  const name = imageName(migrations);
  // a project whose PGlite is another version, holding an image of this code's name
  const other = fs.mkdtempSync(path.join(os.tmpdir(), "passport-image-other-"));
  try {
    fs.mkdirSync(path.join(other, "node_modules", "@electric-sql", "pglite"), { recursive: true });
    fs.writeFileSync(path.join(other, "node_modules", "@electric-sql", "pglite", "package.json"), JSON.stringify({ version: "0.0.1" }));
    fs.mkdirSync(path.join(other, IMAGE_DIR), { recursive: true });
    fs.writeFileSync(path.join(other, IMAGE_DIR, name), "not this PGlite's");
    expect(imageName(migrations, other)).not.toBe(name);
    expect(findImage(migrations, other)).toBeNull();

    // the same PGlite, migrations that differ by one byte
    const changed = path.join(other, "migrations");
    fs.cpSync(migrations, changed, { recursive: true });
    const first = fs.readdirSync(changed).find((file) => file.endsWith(".sql")) ?? "";
    fs.appendFileSync(path.join(changed, first), "\n");
    expect(imageName(changed)).not.toBe(name);
    expect(findImage(changed)).toBeNull();
  } finally {
    fs.rmSync(other, { recursive: true, force: true });
  }
});

/** The backend's data directory with its database closed and gone, as before a first start. */
async function emptied(): Promise<string> {
  backend ??= await startBackend();
  await shutdownBackend();
  fs.rmSync(path.join(backend.dataDir, "pglite"), { recursive: true, force: true });
  return backend.dataDir;
}

/** how a data directory left by a start that was killed while it made the database opens */
async function opensAfterKill(dataDir: string, email: string): Promise<string> {
  await shutdownBackend();
  process.env.DATA_DIR = dataDir;
  const next = await captureLog(async () => {
    await registerUser(email, "after-kill1");
    expect((await call("POST", "/v1/login", { body: { email, password: "after-kill1" } })).code).toBe(0);
  });
  expect(fs.existsSync(path.join(dataDir, "pglite.creating"))).toBe(false);
  return next.text;
}
const madeAgain = (text: string) => text.includes("the database a stopped start was making is made again");

(pgliteRun ? test : test.skip)(
  "a start killed while it unpacks the image leaves a directory the next start makes again, instead of refusing to start",
  async () => {
    await buildImage();
    const dataDir = await emptied();
    // a process that opens the database as the portal does, killed (SIGKILL: no stop runs) as
    // soon as the unpacking wrote its first file, PG_VERSION: the rest of the directory is missing
    const child = spawn(path.join(process.cwd(), "node_modules", ".bin", "node"), ["--import", "tsx", "tests/backend/support/stopping-server.ts"], {
      env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", HOME: os.tmpdir(), DATABASE_URL: "", DATA_DIR: dataDir },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    while (!fs.existsSync(path.join(dataDir, "pglite", "PG_VERSION"))) await new Promise((resolve) => setTimeout(resolve, 2));
    child.kill("SIGKILL");
    await exited;
    // the start had not finished: its file says so (it goes once the migrations ran)
    expect(fs.existsSync(path.join(dataDir, "pglite.creating"))).toBe(true);
    expect(madeAgain(await opensAfterKill(dataDir, "after-kill@example.com"))).toBe(true);
  },
  6 * OPEN_TIMEOUT,
);

(pgliteRun ? test : test.skip)(
  "a half-unpacked directory without the start's file is never wiped; with it, only the database is made again",
  async () => {
    const dataDir = await emptied();
    // what the kill above leaves: PG_VERSION and little else
    fs.mkdirSync(path.join(dataDir, "pglite", "global"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "17\n");
    // an uploaded file beside the database (DATA_DIR/files)
    fs.mkdirSync(path.join(dataDir, "files"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "files", "kept.png"), "kept");
    // no file of an unfinished start: it could be a database of value, so the start refuses it and deletes nothing
    await shutdownBackend();
    process.env.DATA_DIR = dataDir;
    await expect(getDb()).rejects.toThrow();
    expect(fs.readFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "utf8")).toBe("17\n");
    // with it, the database is made again and what lies beside it stays
    await shutdownBackend();
    fs.writeFileSync(path.join(dataDir, "pglite.creating"), "1\n");
    expect(madeAgain(await opensAfterKill(dataDir, "after-half@example.com"))).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, "files", "kept.png"), "utf8")).toBe("kept");
  },
  6 * OPEN_TIMEOUT,
);
