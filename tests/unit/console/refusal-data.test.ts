/** @jest-environment node */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";
import { readConsoleScreen } from "@/lib/console/read-screen";
import { listBans } from "@/lib/upstream/console-screens";

/**
 * A console refusal reaches the screen from the answer's data (`{error, field}` with 10001),
 * carried on the upstream error: never from the message's text, which is for people and logs.
 */
const BASE = "http://passport.test";
const server = setupServer();
const savedUrl = process.env.PASSPORT_API_URL;
let answer: { message: string; data: unknown } = { message: "", data: null };

beforeAll(() => {
  process.env.PASSPORT_API_URL = BASE;
  server.listen({ onUnhandledFrame: "error" });
});
beforeEach(() => {
  server.use(http.get(`${BASE}/v1/console/bans`, () => HttpResponse.json({ code: 10001, message: answer.message, data: answer.data }, { status: 400 })));
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
