import { randomUUID } from "node:crypto";
import { call, envelope, OPEN_TIMEOUT, send, startBackend, stopBackend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";

/**
 * The users export by chosen ids in a POST body (docs/import-export.md): as many ids as a bulk job
 * takes (10 000), more than an address holds; the GET's strict rules, stream and audit row.
 */
const USERS = 1_000;
let admin: Record<string, string>;
let ids: string[];
beforeAll(async () => {
  await startBackend();
  admin = operatorHeaders(await sessionOf(await newOperator("admin")));
  const csv = ["email", ...Array.from({ length: USERS }, (_, n) => `u${n}@many.test`)].join("\n");
  expect((await send("POST", "/v1/console/users/import?dryRun=false&reason=post export fixture", { body: csv, headers: { ...admin, "content-type": "text/csv" } })).status).toBe(200);
  const all = JSON.parse(await (await send("GET", "/v1/console/users/export?format=json&by=email&q=%40many.test", { headers: admin })).text()) as Array<{ id: string }>;
  ids = all.map((user) => user.id);
  expect(ids).toHaveLength(USERS);
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const exportsLogged = async () => (await call("GET", "/v1/console/audit?action=users.export&pageSize=100", { headers: admin })).data?.list as Array<{ outcome: string; detail: Record<string, unknown> }>;
const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { ...admin, "content-type": "application/json" } });

test("1 000 ids in a JSON body: exactly those users, streamed as the GET streams them; the audit row has the count, never an id", async () => {
  const response = await send("POST", "/v1/console/users/export", json({ format: "json", ids }));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  expect(response.headers.get("content-disposition")).toBe('attachment; filename="users.json"');
  const list = JSON.parse(await response.text()) as Array<{ id: string; email: string }>;
  expect(list.map((user) => user.id).sort()).toEqual([...ids].sort());
  expect(list.every((user) => user.email.endsWith("@many.test"))).toBe(true);
  expect(await exportsLogged()).toContainEqual(expect.objectContaining({ outcome: "ok", detail: { format: "json", ids: USERS, rows: USERS } }));
  expect(JSON.stringify(await exportsLogged())).not.toContain(ids[0]);
});

test("a form body: the ids comma-separated as in the address, or repeated; CSV by default", async () => {
  const form = new URLSearchParams({ ids: ids.slice(0, 3).join(",") });
  const response = await send("POST", "/v1/console/users/export", { body: form, headers: admin });
  expect(response.headers.get("content-type")).toContain("text/csv");
  const [header, ...rows] = (await response.text()).trim().split("\r\n");
  expect(header).toBe("id,email,nickname,status,created,last_sign_in,ways_in,brand");
  expect(rows.map((row) => row.split(",")[0]).sort()).toEqual(ids.slice(0, 3).sort());
  const repeated = new URLSearchParams([["format", "json"], ["ids", ids[3] ?? ""], ["ids", ids[4] ?? ""]]);
  const list = JSON.parse(await (await send("POST", "/v1/console/users/export", { body: repeated, headers: admin })).text()) as Array<{ id: string }>;
  expect(list.map((user) => user.id).sort()).toEqual([ids[3], ids[4]].sort());
});

test("10 001 ids, a bad or empty body, a search in the body: 400 naming the field, nothing exported, no audit row", async () => {
  const before = (await exportsLogged()).length;
  const refusals: Array<[string, RequestInit & { body?: BodyInit }, string[] | undefined]> = [
    ["10 001 ids", json({ ids: Array.from({ length: 10_001 }, () => randomUUID()) }), ["ids"]],
    ["no ids", json({ ids: [] }), ["ids"]],
    ["not an id", json({ ids: [ids[0], "not-a-uuid"] }), ["ids.1"]],
    ["a search with them", json({ ids: [ids[0]], status: "active" }), ["status"]],
    ["an unknown format", json({ ids: [ids[0]], format: "xml" }), ["format"]],
    ["broken JSON", { body: '{"ids": [', headers: { ...admin, "content-type": "application/json" } }, undefined],
    ["a JSON array", json(ids.slice(0, 2)), undefined],
    ["plain text", { body: ids.slice(0, 2).join("\n"), headers: { ...admin, "content-type": "text/plain" } }, undefined],
    ["no body", { headers: admin }, ["ids"]],
  ];
  for (const [name, init, fields] of refusals) {
    const reply = await envelope(await send("POST", "/v1/console/users/export", { body: init.body ?? undefined, headers: init.headers as Record<string, string> }));
    expect({ name, status: reply.status, code: reply.code }).toEqual({ name, status: 400, code: 10001 });
    if (fields) expect({ name, fields: reply.data?.fields }).toEqual({ name, fields });
  }
  expect(await exportsLogged()).toHaveLength(before);
});

test("a body past the limit is refused unread (10002); without an operator session 401, whatever the body; only an admin exports", async () => {
  const huge = JSON.stringify({ ids: Array.from({ length: 20_000 }, () => randomUUID()) });
  expect(await envelope(await send("POST", "/v1/console/users/export", { body: huge, headers: { ...admin, "content-type": "application/json" } }))).toMatchObject({ status: 400, code: 10002 });
  for (const body of [JSON.stringify({ ids }), "{broken"]) {
    expect((await send("POST", "/v1/console/users/export", { body, headers: { "content-type": "application/json" } })).status).toBe(401);
  }
  const support = operatorHeaders(await sessionOf(await newOperator("support")));
  expect((await send("POST", "/v1/console/users/export", { body: JSON.stringify({ ids }), headers: { ...support, "content-type": "application/json" } })).status).toBe(403);
});

test("the GET is unchanged: ids in the address, the same rows and audit", async () => {
  const response = await send("GET", `/v1/console/users/export?format=json&ids=${ids.slice(0, 2).join(",")}`, { headers: admin });
  expect(((JSON.parse(await response.text()) as Array<{ id: string }>).map((user) => user.id)).sort()).toEqual(ids.slice(0, 2).sort());
  expect(await exportsLogged()).toContainEqual(expect.objectContaining({ outcome: "ok", detail: { format: "json", ids: 2, rows: 2 } }));
});
