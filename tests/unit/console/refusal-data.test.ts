/** @jest-environment node */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";
import { consoleResult } from "@/lib/actions/console/result";
import { readConsoleScreen } from "@/lib/console/read-screen";
import { listBans } from "@/lib/upstream/console-screens";
import { jar } from "../support/next-headers";

jest.mock("next/headers", () => jest.requireActual<typeof import("../support/next-headers")>("../support/next-headers").nextHeaders);

/**
 * A console refusal reaches the screen from the answer's data (`{error, field}` with 10001),
 * carried on the upstream error: never from the message's text, which is for people and logs.
 */
const BASE = "http://passport.test";
const server = setupServer();
const savedUrl = process.env.PASSPORT_API_URL;
let answer: { code?: number; message: string; data: unknown } = { message: "", data: null };

beforeAll(() => {
  process.env.PASSPORT_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
beforeEach(() => {
  server.use(http.get(`${BASE}/v1/console/bans`, () => HttpResponse.json({ code: answer.code ?? 10001, message: answer.message, data: answer.data }, { status: answer.code === 20101 ? 401 : answer.code === 20102 ? 403 : 400 })));
});
afterAll(() => {
  server.close();
  process.env.PASSPORT_API_URL = savedUrl;
});

const ctx = { operatorToken: "operator-token-0123456789abcdef", lang: "en" as const };

test("a refused page number is shown as its translated message, whatever the message text says", async () => {
  answer = { message: "Refused: notFound (network)", data: { error: "badPage", field: "page" } };
  const read = await readConsoleScreen(() => listBans(ctx, "-1"));
  expect(read).toEqual({ ok: false, error: "badPage" });
  if (read.ok) throw new Error("expected a refusal");
  expect(en.console.errors[read.error]).toBe(en.console.errors.badPage);
  expect(zh.console.errors[read.error]).toBe(zh.console.errors.badPage);
});

test("a 10001 without a known key in its data is not turned into a message from its text", async () => {
  answer = { message: "Refused: badPage (page)", data: { error: "no-such-key" } };
  await expect(readConsoleScreen(() => listBans(ctx, "-1"))).rejects.toMatchObject({ code: 10001 });
});

describe("a console action's answer is the portal's ActionResult", () => {
  beforeEach(() => {
    jar.clear();
    for (const name of ["__Host-passport_console", "passport_console"]) jar.set(name, "operator-token-0123456789abcdef");
  });
  const run = () => consoleResult("zh", (session) => listBans(session, "-1"));

  test("a refused input: code 10001, the message key on its field from the data (whatever the text says)", async () => {
    answer = { message: "Refused: notFound (network)", data: { error: "rangeTooWide", field: "network" } };
    expect(await run()).toEqual({ ok: false, error: { code: 10001, fields: { network: "rangeTooWide" } } });
  });

  test("a refusal that names no field is the form's", async () => {
    answer = { message: "", data: { error: "downloadSpent" } };
    expect(await run()).toEqual({ ok: false, error: { code: 10001, fields: { form: "downloadSpent" } } });
  });

  test("a role too low keeps its code, with no fields", async () => {
    answer = { code: 20102, message: "Insufficient authority", data: null };
    expect(await run()).toEqual({ ok: false, error: { code: 20102 } });
  });

  test("an ended session clears the cookie and names the sign-in page", async () => {
    answer = { code: 20101, message: "Login expired", data: null };
    expect(await run()).toEqual({ ok: false, error: { code: 20101, redirect: "/zh/console" } });
  });

  test("the data is under `data`", async () => {
    server.use(http.get(`${BASE}/v1/console/bans`, () => HttpResponse.json({ code: 0, data: { items: [], total: 0, page: 1, pageSize: 20 } })));
    expect(await run()).toEqual({ ok: true, data: { items: [], total: 0, page: 1, pageSize: 20 } });
  });
});
