import { sql } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { call, fromIp, OPEN_TIMEOUT, registerUser, startBackend, stopBackend } from "./support/harness";
import { newOperator, operatorHeaders, sessionOf } from "./support/console";

/** The console's one search box, its filters, sort and count (issue 32 item 2), as the console calls it. */
let viewer: Record<string, string>;
const ids: Record<string, string> = {};
beforeAll(async () => {
  await startBackend();
  viewer = operatorHeaders(await sessionOf(await newOperator("viewer")));
  ids.ann = (await registerUser("ann.lee@find.test", "secret-pass1", { ...fromIp("198.51.100.7"), "x-app-code": "atomm" })).uid;
  ids.bo = (await registerUser("bo@find.test", "secret-pass1", fromIp("198.51.100.8"))).uid;
  ids.cy = (await registerUser("cyrus@find.test")).uid;
  const db = await getDb();
  await db.execute(sql`update users set nickname = 'Maker Ann', created_at = '2026-01-10T12:00:00Z' where id = ${ids.ann}`);
  await db.execute(sql`update users set nickname = 'bo', created_at = '2026-03-05T12:00:00Z', status = 'banned' where id = ${ids.bo}`);
  await db.execute(sql`update users set created_at = '2026-06-01T12:00:00Z' where id = ${ids.cy}`);
  await db.execute(sql`update sessions set created_at = '2026-04-02T08:00:00Z' where user_id = ${ids.ann}`);
  await db.execute(sql`update sessions set created_at = '2026-07-02T08:00:00Z' where user_id = ${ids.bo}`);
  await db.execute(sql`insert into two_step_totp (user_id, secret_enc, confirmed_at, created_at) values (${ids.ann}, 'x', now(), now()), (${ids.cy}, 'x', null, now())`);
  await db.execute(sql`insert into passkeys (user_id, credential_id, public_key, name, device_type, created_at) values (${ids.bo}, 'cred-bo', 'k', 'Phone', 'multiDevice', now())`);
  await db.execute(sql`insert into enterprises (account, name, created_at) values ('ACME-01', 'Acme', now())`);
  await db.execute(sql`update users set enterprise_id = (select id from enterprises where account = 'ACME-01') where id = ${ids.cy}`);
  await db.execute(sql`insert into social_accounts (user_id, channel, subject, created_at) values (${ids.cy}, 'google', 'g-cy', now())`);
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const search = (query: string) => call("GET", `/v1/console/users?${query}`, { headers: viewer });
async function found(query: string): Promise<string[]> {
  // the filters alone, within this file's accounts
  const reply = await search(query.startsWith("q=") ? query : `q=find.test&${query}`);
  expect({ query, status: reply.status, code: reply.code }).toEqual({ query, status: 200, code: 0 });
  const list = (reply.data?.list as Array<{ email: string }>).map((user) => user.email);
  expect(reply.data?.count).toBe(list.length);
  return list.sort();
}

test("one box finds a user by a part of the email or nickname, the id, the enterprise account ID or a sign-in address", async () => {
  expect(await found("q=LEE%40FIND")).toEqual(["ann.lee@find.test"]);
  expect(await found("q=aker%20an")).toEqual(["ann.lee@find.test"]);
  expect(await found(`q=${ids.bo}`)).toEqual(["bo@find.test"]);
  expect(await found("q=198.51.100.8")).toEqual(["bo@find.test"]);
  expect(await found("q=acme-01")).toEqual(["cyrus@find.test"]);
  expect(await found("q=no-such-enterprise-or-user")).toEqual([]);
  // two characters: a trigram cannot serve them, so the start of the email or nickname
  expect(await found("q=bo")).toEqual(["bo@find.test"]);
});

test("each filter narrows the result; the count says how many match", async () => {
  expect(await found("status=banned")).toEqual(["bo@find.test"]);
  expect(await found("twoStep=yes")).toEqual(["ann.lee@find.test"]);
  expect(await found("twoStep=no")).toEqual(["bo@find.test", "cyrus@find.test"]);
  expect(await found("passkey=yes")).toEqual(["bo@find.test"]);
  expect(await found("passkey=no")).toEqual(["ann.lee@find.test", "cyrus@find.test"]);
  expect(await found("social=google")).toEqual(["cyrus@find.test"]);
  expect(await found("brand=atomm")).toEqual(["ann.lee@find.test"]);
  // the brand registered from, as a column: the filter's value, none for an account registered without one
  const brands = ((await search("q=find.test&sort=email&order=asc")).data?.list as Array<{ email: string; brand: string | null }>).map(({ email, brand }) => [email, brand]);
  expect(brands).toEqual([["ann.lee@find.test", "atomm"], ["bo@find.test", null], ["cyrus@find.test", null]]);
  expect(await found("createdFrom=2026-03-05&createdTo=2026-06-01")).toEqual(["bo@find.test", "cyrus@find.test"]);
  expect(await found("createdTo=2026-03-04")).toEqual(["ann.lee@find.test"]);
  expect(await found("signedInFrom=2026-04-01&signedInTo=2026-04-30")).toEqual(["ann.lee@find.test"]);
  expect(await found("status=&twoStep=&createdFrom=")).toEqual(["ann.lee@find.test", "bo@find.test", "cyrus@find.test"]);
  const page = await search("q=find.test&pageSize=1");
  expect(page.data).toMatchObject({ count: 3, countCapped: false, hasMore: true });
});

test("sorted by email, created or last sign-in", async () => {
  const order = async (query: string) => ((await search(`q=find.test&${query}`)).data?.list as Array<{ email: string }>).map((user) => user.email);
  expect(await order("sort=email&order=asc")).toEqual(["ann.lee@find.test", "bo@find.test", "cyrus@find.test"]);
  expect(await order("sort=created&order=desc")).toEqual(["cyrus@find.test", "bo@find.test", "ann.lee@find.test"]);
  expect(await order("sort=lastSignIn&order=desc")).toEqual(["bo@find.test", "ann.lee@find.test", "cyrus@find.test"]);
});

test("a bad filter is a 400 naming the field, never a 5xx; a day that does not exist is refused", async () => {
  for (const [query, field] of [
    ["createdFrom=2026-02-30", "createdFrom"],
    ["createdTo=yesterday", "createdTo"],
    ["signedInFrom=2026-13-01", "signedInFrom"],
    ["createdFrom=2026-05-01&createdTo=2026-04-01", "createdTo"],
    ["status=deleted", "status"],
    ["twoStep=maybe", "twoStep"],
    ["passkey=1", "passkey"],
    ["social=%27%20or%201%3D1", "social"],
    ["brand=a%20b", "brand"],
    ["sort=password_hash", "sort"],
  ] as const) {
    const reply = await search(query);
    expect({ query, status: reply.status, code: reply.code, fields: reply.data?.fields }).toEqual({ query, status: 400, code: 10001, fields: [field] });
  }
});
