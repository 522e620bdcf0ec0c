import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import bcrypt from "bcryptjs";
import { runCli } from "@/lib/backend/cli/run";
import { call, OPEN_TIMEOUT, registerUser, send, startBackend, stopBackend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";

/**
 * Users out (docs/import-export.md): the columns asked for, never a secret, audited; the selection
 * of bulk work (a users search's filters or chosen ids); the CLI as the console.
 */
let admin: Record<string, string>;
let hashed: string;
beforeAll(async () => {
  await startBackend();
  admin = operatorHeaders(await sessionOf(await newOperator("admin")));
  hashed = bcrypt.hashSync("exported-pass1", 4);
  const csv = ["email,nickname,password_hash", `a@out.test,=HYPERLINK("x"),${hashed}`, "b@out.test,Bee,", "c@out.test,,"].join("\n");
  const imported = await send("POST", "/v1/console/users/import?dryRun=false&reason=export fixture", { body: csv, headers: { ...admin, "content-type": "text/csv" } });
  expect(imported.status).toBe(200);
  await registerUser("registered@out.test", "secret-pass1", { "x-app-code": "atomm" });
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const SECRET = /hash|password_hash|secret|\$2b\$|\$argon2/i;

test("CSV: the columns asked for, ways in, a formula defused, no secret anywhere; the export audited with its filter and count", async () => {
  const response = await send("GET", "/v1/console/users/export?format=csv", { headers: admin });
  expect(response.headers.get("content-type")).toContain("text/csv");
  const text = await response.text();
  const [header, ...rows] = text.trim().split("\r\n");
  expect(header).toBe("id,email,nickname,status,created,last_sign_in,ways_in,brand");
  const byEmail = new Map(rows.map((row) => [row.split(",")[1], row]));
  expect(byEmail.get("a@out.test")).toMatch(/^[0-9a-f-]{36},a@out\.test,"'=HYPERLINK\(""x""\)",active,\d{4}-[^,]+,,password,$/);
  expect(byEmail.get("b@out.test")).toMatch(/,b@out\.test,Bee,active,[^,]+,,,$/);
  // registered from a brand: its code in the last column
  expect(byEmail.get("registered@out.test")).toMatch(/,registered@out\.test,[^,]*,active,[^,]+,\d{4}-[^,]+,password,atomm$/);
  expect(text).not.toMatch(SECRET);
  const log = await call("GET", "/v1/console/audit?action=users.export", { headers: admin });
  expect((log.data?.list as Array<{ outcome: string; detail: Record<string, unknown> }>)[0]).toMatchObject({ outcome: "ok", detail: { format: "csv", rows: rows.length, filter: { by: "any" } } });
});

test("JSON: one array of users filtered by the search's email and status; only an admin exports", async () => {
  const response = await send("GET", "/v1/console/users/export?format=json&by=email&q=b%40out&status=active", { headers: admin });
  const list = JSON.parse(await response.text()) as Array<Record<string, unknown>>;
  expect(list).toEqual([{ id: expect.any(String), email: "b@out.test", nickname: "Bee", status: "active", created: expect.any(String), lastSignIn: null, waysIn: [], brand: null }]);
  const branded = await send("GET", "/v1/console/users/export?format=json&by=email&q=registered%40out", { headers: admin });
  expect(JSON.parse(await branded.text())).toEqual([expect.objectContaining({ email: "registered@out.test", brand: "atomm" })]);
  const empty = await send("GET", "/v1/console/users/export?format=json&by=email&q=nobody", { headers: admin });
  expect(JSON.parse(await empty.text())).toEqual([]);
  const support = operatorHeaders(await sessionOf(await newOperator("support")));
  expect((await send("GET", "/v1/console/users/export", { headers: support })).status).toBe(403);
});

test("the CLI exports to a file and imports with a dry run first; a bad row fails the dry run, a run needs a reason", async () => {
  const dir = mkdtempSync(join(tmpdir(), "users-cli-"));
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const out = join(dir, "users.csv");
  expect(await runCli(["users:export", "--by", "email", "--search", "a@out", "--out", out], io)).toBe(0);
  expect(readFileSync(out, "utf8")).toMatch(/^id,email,nickname,status,created,last_sign_in,ways_in,brand\r\n[0-9a-f-]{36},a@out\.test,/);
  const file = join(dir, "in.csv");
  writeFileSync(file, ["email,password_hash", `cli@in.test,${hashed}`, "bad-email,"].join("\n"));
  lines.length = 0;
  expect(await runCli(["users:import", file, "--dry-run"], io)).toBe(1);
  expect(lines.join("\n")).toContain("3     bad-email  email");
  expect(lines.join("\n")).toContain("Would import 1 of 2 user(s); 0 skipped (account exists), 1 bad row(s).");
  expect(await runCli(["users:import", file], io)).toBe(2);
  expect(await runCli(["users:import", file, "--reason", "cli migration"], io)).toBe(0);
  expect((await call("POST", "/v1/login", { body: { email: "cli@in.test", password: "exported-pass1" } })).code).toBe(0);
  writeFileSync(file, '"unterminated');
  lines.length = 0;
  expect(await runCli(["users:import", file, "--reason", "cli migration"], io)).toBe(1);
  expect(lines).toEqual(["Error: The file is not CSV (with an email column in its header) or JSON of users. Nothing was imported."]);
});

const emailsOf = async (response: Response) => ((JSON.parse(await response.text()) as Array<{ email: string }>).map((user) => user.email)).sort();

test("the selection of bulk work: the search's filters give exactly their users, ids exactly theirs; a bad filter is a 400 and nothing is exported", async () => {
  const { list } = (await call("GET", "/v1/console/users?by=email&q=%40out.test&pageSize=100", { headers: admin })).data as { list: Array<{ id: string; email: string }> };
  const idOf = (email: string) => list.find((user) => user.email === email)?.id ?? "";
  expect((await call("POST", `/v1/console/users/${idOf("c@out.test")}/status`, { headers: admin, body: { status: "banned", reason: "export filter test" } })).code).toBe(0);

  expect(await emailsOf(await send("GET", "/v1/console/users/export?format=json&by=email&q=%40out.test&status=banned", { headers: admin }))).toEqual(["c@out.test"]);
  expect(await emailsOf(await send("GET", "/v1/console/users/export?format=json&q=out.test&status=active&passkey=no&twoStep=no", { headers: admin }))).toEqual(["a@out.test", "b@out.test", "registered@out.test"]);
  const chosen = await send("GET", `/v1/console/users/export?format=json&ids=${idOf("a@out.test")},${idOf("c@out.test")}`, { headers: admin });
  expect(await emailsOf(chosen)).toEqual(["a@out.test", "c@out.test"]);
  const log = await call("GET", "/v1/console/audit?action=users.export", { headers: admin });
  // the count of ids, never the ids
  expect(log.data?.list).toContainEqual(expect.objectContaining({ outcome: "ok", detail: { format: "json", ids: 2, rows: 2 } }));
  expect(JSON.stringify(log.data?.list)).not.toContain(idOf("a@out.test"));
  expect(log.data?.list).toContainEqual(expect.objectContaining({ detail: { format: "json", filter: { by: "email", q: "@out.test", status: "banned" }, rows: 1 } }));

  const refused = ["createdFrom=2026-02-30", "by=id&q=not-an-id", "by=ip&q=nowhere", "email=a%40out", "status=gone", `ids=not-a-uuid`, `ids=${idOf("a@out.test")}&status=active`, "createdFrom=2026-03-02&createdTo=2026-03-01"];
  const before = (await call("GET", "/v1/console/audit?action=users.export", { headers: admin })).data?.list as unknown[];
  for (const query of refused) {
    const reply = await call("GET", `/v1/console/users/export?format=json&${query}`, { headers: admin });
    expect([query, reply.status, reply.code]).toEqual([query, 400, 10001]);
  }
  expect((await call("GET", "/v1/console/audit?action=users.export", { headers: admin })).data?.list).toHaveLength(before.length);
  const viewer = operatorHeaders(await sessionOf(await newOperator("viewer")));
  expect((await send("GET", "/v1/console/users/export?by=email&q=out.test", { headers: viewer })).status).toBe(403);
});

test("the CLI takes the same filters and refuses a bad one", async () => {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  expect(await runCli(["users:export", "--format", "json", "--search", "out.test", "--status", "banned"], io)).toBe(0);
  expect((JSON.parse(lines.join("\n")) as Array<{ email: string }>).map((user) => user.email)).toEqual(["c@out.test"]);
  lines.length = 0;
  expect(await runCli(["users:export", "--created-from", "2026-02-30"], io)).toBe(2);
  expect(lines[0]).toContain("--created-from is not valid");
  const { list } = (await call("GET", "/v1/console/users?by=email&q=b%40out.test", { headers: admin })).data as { list: Array<{ id: string }> };
  const file = join(mkdtempSync(join(tmpdir(), "users-ids-")), "ids.txt");
  writeFileSync(file, `${list[0]?.id ?? ""}\n`);
  lines.length = 0;
  expect(await runCli(["users:export", "--format", "json", "--ids", file], io)).toBe(0);
  expect((JSON.parse(lines.join("\n")) as Array<{ email: string }>).map((user) => user.email)).toEqual(["b@out.test"]);
  expect(await runCli(["users:export", "--ids", file, "--status", "active"], io)).toBe(2);
});
