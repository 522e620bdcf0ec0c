import { count } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { emailNonces, outboxMails, users, verificationCodes } from "@/lib/backend/db/schema";
import { call, OPEN_TIMEOUT, registerUser, requestCode, startBackend, stopBackend, type Backend } from "./support/harness";

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function counts() {
  const db = await getDb();
  const [u] = await db.select({ n: count() }).from(users);
  const [n] = await db.select({ n: count() }).from(emailNonces);
  const [c] = await db.select({ n: count() }).from(verificationCodes);
  const [m] = await db.select({ n: count() }).from(outboxMails);
  return { users: u?.n, nonces: n?.n, codes: c?.n, mails: m?.n };
}

describe("the envelope and the router", () => {
  test("an unknown path or method → 10006 with HTTP 404", async () => {
    expect(await call("GET", "/v1/no/such/thing")).toMatchObject({ status: 404, code: 10006 });
    expect(await call("GET", "/v1/login")).toMatchObject({ status: 404, code: 10006 });
    expect(await call("DELETE", "/v1/user/basic")).toMatchObject({ status: 404, code: 10006 });
  });

  test("invalid bodies → 10001, echo nothing secret, and change nothing", async () => {
    const { nonce } = await requestCode("valid@example.com");
    const before = await counts();

    const cases: Array<[string, unknown]> = [
      ["/v1/verify/email", { email: "not-an-email" }],
      ["/v1/verify/email", {}],
      ["/v1/captcha", { receiver: "valid@example.com", nonce, type: "launch-missiles" }],
      ["/v1/register", { email: "valid@example.com", password: "123", captcha: "000000", nonce }],
      ["/v1/register", { email: "valid@example.com", password: "secret-pass1", captcha: "12ab56", nonce }],
      ["/v1/register", { email: "valid@example.com", password: "p".repeat(21), captcha: "123456", nonce }],
      ["/v1/login", { email: "valid@example.com", password: "" }],
      ["/v1/login", ["not", "an", "object"]],
    ];
    for (const [path, body] of cases) {
      const reply = await call("POST", path, { body });
      expect(reply).toMatchObject({ status: 400, code: 10001, message: "Invalid request parameters." });
      expect(JSON.stringify(reply)).not.toMatch(/secret-pass1|p{21}|12ab56/);
    }
    expect(await counts()).toEqual(before);
  });

  test("a refusal says what its code means, in the caller's language: never a bare 'Request failed.'", async () => {
    const { utoken } = await registerUser("reader@http.test");
    const unknownMessage = { id: "00000000-0000-4000-8000-000000000000" };
    expect(await call("POST", "/message/v1/web/read", { token: utoken, body: unknownMessage })).toMatchObject({ status: 404, code: 20602, message: "This message does not exist." });
    expect(await call("POST", "/message/v1/web/read", { token: utoken, body: unknownMessage, headers: { lang: "zh-CN" } })).toMatchObject({ status: 404, code: 20602, message: "该消息不存在。" });
    // before the caller is known (no session) and from the schema check, in Chinese too
    expect(await call("POST", "/message/v1/web/read", { body: unknownMessage, headers: { lang: "zh" } })).toMatchObject({ status: 401, code: 20101, message: "登录已过期，请重新登录。" });
    expect(await call("POST", "/v1/login", { body: {}, headers: { lang: "zh" } })).toMatchObject({ status: 400, code: 10001, message: "请求参数无效。" });
  });

  test("a body that is not JSON → 10001", async () => {
    expect(await call("POST", "/v1/login", { raw: "{email: oops" })).toMatchObject({ status: 400, code: 10001 });
    expect(await call("POST", "/v1/login", { raw: "" })).toMatchObject({ status: 400, code: 10001 });
    const form = await call("POST", "/v1/login", {
      raw: "email=a%40b.c&password=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form).toMatchObject({ status: 400, code: 10001 });
  });

  test("responses are JSON envelopes that are never cached", async () => {
    const { servicesApp } = await import("@/lib/backend/http/app");
    const response = await servicesApp().fetch(new Request("http://localhost/v1/user/basic"));
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ code: 20101, message: expect.any(String) });
  });

  test("an unexpected failure → 10000, logged as one JSON line with its stack, without the request body", async () => {
    const errors: string[] = [];
    backend.reconfigure({ LOG_LEVEL: "error" });
    jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
      errors.push(String(chunk));
      return true;
    });
    const db = await getDb();
    // break the database underneath the services for one call
    await db.execute("alter table users rename to users_away");
    try {
      const reply = await call("POST", "/v1/login", { body: { email: "valid@example.com", password: "my-secret-pw" } });
      expect(reply).toMatchObject({ status: 500, code: 10000 });
    } finally {
      await db.execute("alter table users_away rename to users");
    }
    backend.reconfigure({ LOG_LEVEL: "silent" });
    expect(errors).toHaveLength(1);
    const line = JSON.parse(errors[0] ?? "{}") as { level: number; method: string; route: string; reqId: string; err: { stack?: string } };
    expect(line).toMatchObject({ level: 50, method: "POST", route: "/v1/login", msg: "unexpected error" });
    expect(line.reqId).toMatch(/\S/);
    expect(line.err.stack).toMatch(/users/);
    expect(errors.join("\n")).not.toContain("my-secret-pw");
  });
});
