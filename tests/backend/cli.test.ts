import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CliError, banIp, createEnterprise, recentFailures, setUserStatus, unbanIp } from "@/lib/backend/cli/commands";
import { runCli } from "@/lib/backend/cli/run";
import { closeDb, getDb } from "@/lib/backend/db/client";
import { DataDirInUseError, lockDataDir } from "@/lib/backend/db/dir-lock";
import { TEST_DATABASE } from "./support/postgres";
import { call, fromIp, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, type Backend } from "./support/harness";

/** The operator commands (`npm run cli -- …`), run as functions against a real database. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  // every command runs with a reason, as an operator's must (console-cli.test.ts: none → refused)
  const withReason = argv.some((arg) => arg.startsWith("--reason")) ? argv : [...argv, "--reason", "operator commands test"];
  const code = await runCli(withReason, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("enterprise:create", () => {
  test("--json prints only the account, email, name and the generated password, which signs in", async () => {
    const result = await run("enterprise:create", "--account", "Lumen-7", "--email", "Ops@Lumen.test", "--name", "Lumen Works", "--json");
    expect(result).toMatchObject({ code: 0, err: "" });
    const created = JSON.parse(result.out) as Record<string, string>;
    expect(Object.keys(created).sort()).toEqual(["account", "email", "name", "password"]);
    expect(created).toMatchObject({ account: "Lumen-7", email: "ops@lumen.test", name: "Lumen Works", password: expect.stringMatching(/^[A-Za-z2-9]{16}$/) });
    const login = await call("POST", "/v1/enterprise/login", { body: { account: "lumen-7", email: "ops@lumen.test", password: created.password } });
    expect(login).toMatchObject({ code: 0, data: { defaultPassword: true } });
  });

  test("without --json it says what was made and shows the password once", async () => {
    const result = await run("enterprise:create", "--account", "photon", "--email", "a@photon.test", "--name", "Photon");
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Created enterprise photon \(Photon\) and its user a@photon\.test/);
    expect(result.out).toMatch(/Default password: [A-Za-z2-9]{16}\n/);
  });

  test("every enterprise gets its own password", async () => {
    const one = await createEnterprise({ account: "one", email: "x@one.test", name: "One" });
    const two = await createEnterprise({ account: "two", email: "x@two.test", name: "Two" });
    expect(one.password).not.toBe(two.password);
  });

  test("a taken account ID (any case), a taken email or bad input → exit 1 with a message, nothing created", async () => {
    await registerUser("taken@example.com");
    expect(await run("enterprise:create", "--account", "LUMEN-7", "--email", "new@lumen.test", "--name", "Again")).toMatchObject({ code: 1, err: "Error: The account ID LUMEN-7 is taken." });
    expect(await run("enterprise:create", "--account", "fresh", "--email", "taken@example.com", "--name", "Fresh")).toMatchObject({ code: 1, err: "Error: taken@example.com already has an account." });
    expect((await run("enterprise:create", "--account", "no spaces", "--email", "a@b.test", "--name", "X")).code).toBe(1);
    expect((await run("enterprise:create", "--account", "ok", "--email", "not-an-email", "--name", "X")).code).toBe(1);
    // "fresh" was not created by the refused attempt
    expect((await call("POST", "/v1/enterprise/verify/account", { body: { account: "fresh" } })).code).toBe(20202);
    await expect(createEnterprise({ account: "ok2", email: "a@b.test", name: "  " })).rejects.toBeInstanceOf(CliError);
  });

  test("the console's rules, worded for the terminal: each refusal says what is wrong, and nothing is created", async () => {
    expect(await run("enterprise:create", "--account=-dash-first", "--email", "a@dash.test", "--name", "Dash")).toMatchObject({
      code: 1,
      err: "Error: The account ID must be 1–64 characters: letters, digits, '.', '_' or '-', starting with a letter or digit.",
    });
    expect(await run("enterprise:create", "--account", "mail-co", "--email", "not-an-email", "--name", "Mail")).toMatchObject({ code: 1, err: 'Error: Not an email address: "not-an-email"' });
    expect(await run("enterprise:create", "--account", "long-co", "--email", "a@long.test", "--name", "L".repeat(201))).toMatchObject({ code: 1, err: "Error: The enterprise name must be 1–200 characters." });
    await expect(createEnterprise({ account: "blank-co", email: "a@blank.test", name: " \t " })).rejects.toThrow("The enterprise name must be 1–200 characters.");
    for (const account of ["mail-co", "long-co", "blank-co"]) expect((await call("POST", "/v1/enterprise/verify/account", { body: { account } })).code).toBe(20202);
    // a name of exactly 200 characters is taken, trimmed
    expect((await createEnterprise({ account: "edge-co", email: "a@edge.test", name: ` ${"E".repeat(200)} ` })).name).toBe("E".repeat(200));
  });

  test("missing options or unknown flags → exit 2 with usage", async () => {
    const missing = await run("enterprise:create", "--account", "x", "--email", "x@x.test");
    expect(missing).toMatchObject({ code: 2, err: expect.stringContaining("Missing --name.") });
    expect(missing.err).toContain("Usage: npm run cli");
    expect((await run("enterprise:create", "--acount", "x")).code).toBe(2);
  });
});

describe("users and addresses", () => {
  test("user:ban ends the sessions and refuses sign-in; user:unban lifts it; user:restrict refuses sign-in", async () => {
    const { utoken } = await registerUser("target@example.com", "target-pass1");
    expect(await run("user:ban", "Target@example.com")).toMatchObject({ code: 0, out: "target@example.com is now banned: sign-in refused, sessions ended (was active)." });
    expect((await call("GET", "/v1/user/basic", { token: utoken })).code).toBe(20101);
    expect((await call("POST", "/v1/login", { body: { email: "target@example.com", password: "target-pass1" } })).code).toBe(20105);
    expect((await run("user:unban", "target@example.com")).code).toBe(0);
    expect((await call("POST", "/v1/login", { body: { email: "target@example.com", password: "target-pass1" } })).code).toBe(0);
    expect((await run("user:restrict", "target@example.com")).out).toContain("restricted");
    expect((await call("POST", "/v1/login", { body: { email: "target@example.com", password: "target-pass1" } })).code).toBe(20103);
    await setUserStatus("target@example.com", "active");
  });

  test("an unknown or invalid email → exit 1; no email → exit 2", async () => {
    expect(await run("user:ban", "ghost@example.com")).toMatchObject({ code: 1, err: "Error: No account for ghost@example.com." });
    expect((await run("user:ban", "ghost")).code).toBe(1);
    expect((await run("user:ban")).code).toBe(2);
  });

  test("ip:ban / ip:list / ip:unban", async () => {
    await registerUser("roamer@example.com", "roamer-pass1");
    const login = () => call("POST", "/v1/login", { body: { email: "roamer@example.com", password: "roamer-pass1" }, headers: fromIp("198.51.100.200") });
    expect(await run("ip:ban", "198.51.100.200")).toMatchObject({ code: 0, out: "Banned 198.51.100.200." });
    expect((await run("ip:ban", "198.51.100.200")).out).toBe("198.51.100.200 was banned already.");
    expect((await run("ip:list")).out).toMatch(/^198\.51\.100\.200\s+2026-/m);
    expect((await login()).code).toBe(20104);
    expect(await run("ip:unban", "198.51.100.200")).toMatchObject({ code: 0, out: "Lifted the ban on 198.51.100.200." });
    expect((await login()).code).toBe(0);
    expect((await run("ip:unban", "198.51.100.200")).code).toBe(1);
    for (const bad of ["300.1.1.1", "10.0.0.0/33", "example.com", "10.0.0.1/8/2"]) expect((await run("ip:ban", bad)).code).toBe(1);
    await expect(banIp("::1")).resolves.toEqual({ network: "::1", added: true });
    await expect(unbanIp("::1")).resolves.toEqual({ network: "::1", removed: true });
  });

  test("ip:ban refuses a range the console refuses as too wide, says so and bans nothing", async () => {
    await registerUser("everyone@example.com", "everyone-pass1");
    for (const wide of ["0.0.0.0/0", "10.0.0.0/7", "::/0", "2001:db8::/15"]) {
      const refused = await run("ip:ban", wide);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(`${wide} is too wide to ban: at most /8 for IPv4 and /16 for IPv6`);
      expect(refused.err).toContain("Nothing was changed.");
    }
    expect((await run("ip:list")).out).not.toMatch(/\/(0|7|15)\b/);
    const login = await call("POST", "/v1/login", { body: { email: "everyone@example.com", password: "everyone-pass1" }, headers: fromIp("203.0.113.9") });
    expect(login.code).toBe(0);
    expect(await run("ip:ban", "10.0.0.0/8")).toMatchObject({ code: 0, out: "Banned 10.0.0.0/8." });
    expect((await run("ip:unban", "10.0.0.0/8")).code).toBe(0);
  });
});

describe("failures", () => {
  test("lists recent failed sign-ins as a table, newest first, --limit N", async () => {
    backend.advance(5);
    await call("POST", "/v1/login", { body: { email: "first@example.com", password: "whatever1" }, headers: fromIp("192.0.2.1") });
    backend.advance(5);
    await call("POST", "/v1/login", { body: { email: "second@example.com", password: "whatever1" }, headers: fromIp("192.0.2.2") });
    const listed = await run("failures", "--limit", "2");
    expect(listed.code).toBe(0);
    const lines = listed.out.split("\n");
    expect(lines[0]).toMatch(/^time\s+email\s+ip\s+method\s+reason$/);
    expect(lines).toHaveLength(4);
    expect(lines[2]).toMatch(/second@example\.com\s+192\.0\.2\.2\s+password\s+20202 accountNotFound/);
    expect(lines[3]).toMatch(/first@example\.com\s+192\.0\.2\.1\s+password\s+20202 accountNotFound/);
    expect(await recentFailures(1)).toEqual([expect.objectContaining({ email: "second@example.com", reason: 20202 })]);
    expect((await run("failures", "--limit", "0")).code).toBe(1);
    expect((await run("failures", "extra")).code).toBe(2);
  });
});

test("--help prints the commands; an unknown command → exit 2", async () => {
  const help = await run("--help");
  expect(help.code).toBe(0);
  for (const command of ["enterprise:create", "user:restrict", "user:ban", "user:unban", "ip:ban", "ip:unban", "failures"]) expect(help.out).toContain(command);
  // the commands go through a running portal (docs/operators.md): nobody is told to stop it
  expect(help.out).toContain("goes through the running portal");
  expect(help.out).not.toMatch(/stop\s+the\s+portal/i);
  expect(await run("launch")).toMatchObject({ code: 2, err: expect.stringContaining("Unknown command: launch") });
  expect((await run()).code).toBe(2);
});

test("the embedded database refuses a second process while one has it open", async () => {
  // the lock this process holds names its pid (PostgreSQL run: DATA_DIR holds no database); another live process is refused
  const embedded = TEST_DATABASE === "pglite";
  if (embedded) expect(fs.readFileSync(path.join(backend.dataDir, "pglite.lock"), "utf8").trim()).toBe(String(process.pid));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "passport-lock-"));
  try {
    fs.writeFileSync(path.join(dir, "pglite.lock"), `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    // a lock left by a process that is gone is taken over
    fs.writeFileSync(path.join(dir, "pglite.lock"), "2147483646\n");
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8").trim()).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  await closeDb();
  expect(fs.existsSync(path.join(backend.dataDir, "pglite.lock"))).toBe(false);
  await getDb();
  expect(fs.existsSync(path.join(backend.dataDir, "pglite.lock"))).toBe(embedded);
});
