import { pbkdf2Sync } from "node:crypto";
import { hash } from "@node-rs/argon2";
import bcrypt from "bcryptjs";
import { like } from "drizzle-orm";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "@/lib/contract/console/user-transfer";
import { getDb } from "@/lib/backend/db/client";
import { users } from "@/lib/backend/db/schema";
import { call, OPEN_TIMEOUT, send, startBackend, stopBackend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";

/** Users in from other systems (docs/import-export.md): every refusal writes nothing; foreign hashes sign in and become ours. */
let admin: Record<string, string>;
beforeAll(async () => {
  await startBackend();
  admin = operatorHeaders(await sessionOf(await newOperator("admin")));
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const OURS = "$argon2id$v=19$m=19456,t=2,p=1$";

function importFile(body: string, query: string, type = "text/csv", headers = admin) {
  return send("POST", `/v1/console/users/import?${query}`, { body, headers: { ...headers, "content-type": type } });
}

async function stored(domain: string): Promise<Array<{ email: string; passwordHash: string }>> {
  const db = await getDb();
  return db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(like(users.email, `%@${domain}`));
}

function keycloakPbkdf2(email: string, password: string) {
  const salt = Buffer.from(`salt-of-${email}`);
  const value = pbkdf2Sync(password, salt, 1000, 64, "sha256").toString("base64");
  return {
    username: email,
    email,
    firstName: "Kay",
    credentials: [{ type: "password", secretData: JSON.stringify({ value, salt: salt.toString("base64") }), credentialData: JSON.stringify({ hashIterations: 1000, algorithm: "pbkdf2-sha256" }) }],
  };
}

test("a dry run names every bad row by line and reason and writes nothing; the run imports the good rows; a re-run skips them all", async () => {
  const good = bcrypt.hashSync("bcrypt-old-pass1", 4);
  const csv = [
    "email,nickname,password_hash",
    `one@dry.test,One,${good}`,
    "not-an-email,Two,",
    `three@dry.test,Three,md5$abc`,
    `ONE@dry.test,Again,${good}`,
    `four@dry.test,"${"x".repeat(40)}",`,
    "five@dry.test,too,many,cells",
    "six@dry.test,Six,",
  ].join("\n");
  const dry = await envelopeOf(await importFile(csv, "dryRun=true"));
  expect(dry.code).toBe(0);
  expect(dry.data).toMatchObject({ dryRun: true, rows: 7, imported: 2, skipped: [] });
  expect(dry.data?.bad).toEqual([
    { line: 3, email: "not-an-email", problem: "email" },
    { line: 4, email: "three@dry.test", problem: "hashFormat" },
    { line: 5, email: "one@dry.test", problem: "duplicate" },
    { line: 6, email: "four@dry.test", problem: "nickname" },
    { line: 7, email: "five@dry.test", problem: "row" },
  ]);
  expect(await stored("dry.test")).toEqual([]);

  expect((await envelopeOf(await importFile(csv, "dryRun=false"))).code).toBe(10001); // a run says why
  expect(await stored("dry.test")).toEqual([]);
  const run = await envelopeOf(await importFile(csv, "dryRun=false&reason=migration from the old shop"));
  expect(run.data).toMatchObject({ dryRun: false, imported: 2 });
  expect((await stored("dry.test")).map((row) => row.email).sort()).toEqual(["one@dry.test", "six@dry.test"]);
  const again = await envelopeOf(await importFile(csv, "dryRun=false&reason=migration from the old shop"));
  expect(again.data).toMatchObject({ imported: 0, skipped: [{ line: 2, email: "one@dry.test", problem: "exists" }, { line: 8, email: "six@dry.test", problem: "exists" }] });
  const log = await call("GET", "/v1/console/audit?action=users.import", { headers: admin });
  expect(log.data?.list).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ reason: "migration from the old shop", detail: { format: "csv", rows: 7, imported: 2, skipped: 0, bad: 5, badLines: [3, 4, 5, 6, 7] } }),
      expect.objectContaining({ reason: "migration from the old shop", detail: { format: "csv", rows: 7, imported: 0, skipped: 2, bad: 5, badLines: [3, 4, 5, 6, 7] } }),
    ]),
  );
});

test("a file over the limits or not CSV/JSON of users is refused whole with a clear code; nothing is written", async () => {
  const many = ["email", ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `u${i}@limit.test`)].join("\n");
  for (const [body, status, code] of [
    [many, 413, 21101],
    ['email\n"open@limit.test', 400, 21102],
    ["nickname\nNo email column", 400, 21102],
    ['{"users": [', 400, 21102],
    ['{"people": []}', 400, 21102],
  ] as const) {
    const reply = await envelopeOf(await importFile(body, "dryRun=false&reason=limit check"));
    expect({ status: reply.status, code: reply.code }).toEqual({ status, code });
  }
  const huge = await importFile("x", "dryRun=true", "text/csv", { ...admin, "content-length": String(IMPORT_MAX_BYTES + 1) });
  expect(huge.status).toBe(413);
  expect(await stored("limit.test")).toEqual([]);
});

test("only an admin imports", async () => {
  const support = operatorHeaders(await sessionOf(await newOperator("support")));
  const reply = await envelopeOf(await importFile("email\nsupport@role.test", "dryRun=false&reason=not mine to do", "text/csv", support));
  expect(reply).toMatchObject({ status: 403, code: 20102 });
  expect(await stored("role.test")).toEqual([]);
});

test("bcrypt, Keycloak PBKDF2 and argon2i users sign in with their old password, and their hash is ours afterwards", async () => {
  const argon2i = await hash("argon-old-pass1", { algorithm: 1, memoryCost: 1024, timeCost: 2 });
  const file = JSON.stringify({
    realm: "shop",
    users: [
      { email: "bcrypt@hash.test", passwordHash: bcrypt.hashSync("bcrypt-old-pass1", 4).replace(/^\$2b\$/, "$2y$") },
      keycloakPbkdf2("pbkdf2@hash.test", "pbkdf2-old-pass1"),
      { primaryEmail: "argon@hash.test", passwordEncrypted: argon2i },
    ],
  });
  expect((await envelopeOf(await importFile(file, "dryRun=false&reason=hash formats", "application/json"))).data).toMatchObject({ format: "json", imported: 3, bad: [] });
  for (const [email, password] of [["bcrypt@hash.test", "bcrypt-old-pass1"], ["pbkdf2@hash.test", "pbkdf2-old-pass1"], ["argon@hash.test", "argon-old-pass1"]]) {
    expect((await call("POST", "/v1/login", { body: { email, password: `${password}x` } })).code).toBe(20205);
    expect((await stored("hash.test")).find((row) => row.email === email)?.passwordHash.startsWith(OURS)).toBe(false);
    expect((await call("POST", "/v1/login", { body: { email, password } })).code).toBe(0);
    expect((await stored("hash.test")).find((row) => row.email === email)?.passwordHash.startsWith(OURS)).toBe(true);
    expect((await call("POST", "/v1/login", { body: { email, password } })).code).toBe(0);
  }
});

async function envelopeOf(response: Response): Promise<{ status: number; code: number; data?: Record<string, unknown> }> {
  const body = (await response.json()) as { code: number; data?: Record<string, unknown> };
  return { status: response.status, ...body };
}

test("the console's upload: the file as a form field gives the same report", async () => {
  const form = new FormData();
  form.set("file", new File(["email\nform@upload.test\nbad\n"], "users.csv", { type: "text/csv" }));
  const reply = await envelopeOf(await send("POST", "/v1/console/users/import?dryRun=true", { body: form, headers: admin }));
  expect(reply.data).toMatchObject({ rows: 2, imported: 1, bad: [{ line: 3, email: "bad", problem: "email" }] });
  expect(await stored("upload.test")).toEqual([]);
});
