import { eq } from "drizzle-orm";
import { exchangeListResponse, redemptionItem } from "@/lib/contract/exchange";
import { runCli } from "@/lib/backend/cli/run";
import { getDb } from "@/lib/backend/db/client";
import { exchangeCodes } from "@/lib/backend/db/schema";
import { call, fromIp, OPEN_TIMEOUT, registerUser, startBackend, stopBackend, ticketFor, type Backend } from "./support/harness";

/** Server exchange: codes issued by the operator command, redeemed once, throttled, listed. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend({ EXCHANGE_CODE_KEY: "k".repeat(40) });
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  // every command runs with a reason, as an operator's must (console-cli.test.ts: none → refused)
  const withReason = argv.some((arg) => arg.startsWith("--reason")) ? argv : [...argv, "--reason", "redemption codes test"];
  const code = await runCli(withReason, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** A batch made with the operator command; its codes from the CSV it prints. */
async function batch(count: number, options: string[] = ["--valid-days", "30"]): Promise<{ id: string; codes: string[] }> {
  const result = await admin("exchange:create", "--benefit", "XCS Pro, 1 year", "--benefit-zh", "XCS 专业版一年", "--count", String(count), "--benefit-days", "365", ...options, "--csv");
  expect(result.code).toBe(0);
  const [header, ...rows] = result.out.split("\n");
  expect(header).toBe("code,batch,benefit,valid_until");
  const cells = rows.map((row) => row.split(","));
  return { id: cells[0]?.[1] ?? "", codes: cells.map((cell) => cell[0] ?? "") };
}

async function redeem(user: { utoken: string; email: string }, code: string, headers: Record<string, string> = {}) {
  const ticket = await ticketFor("redeem", user.email, headers);
  return call("POST", "/v1/exchange/effect", { token: user.utoken, body: { code, ticket }, headers: { lang: "en", ...headers } });
}

async function user(email: string, headers?: Record<string, string>) {
  return { ...(await registerUser(email, "secret-pass1", headers)), email };
}

describe("codes at rest", () => {
  test("16 characters without look-alikes; the database holds no code in clear until it is redeemed", async () => {
    const { codes } = await batch(3);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);
    const rows = await (await getDb()).select().from(exchangeCodes);
    const stored = JSON.stringify(rows);
    for (const code of codes) expect(stored).not.toContain(code);
  });

  test("export prints the same codes again with their status; lookup and revoke find a code in any case", async () => {
    const { id, codes } = await batch(2);
    const [first = "", second = ""] = [...codes].sort();
    const exported = await admin("exchange:export", id);
    expect(exported.out.split("\n")).toEqual(["code,status,redeemed_at,redeemed_by", `${first},unused,,`, `${second},unused,,`]);
    expect(await admin("exchange:revoke", first.toLowerCase())).toMatchObject({ code: 0, out: "Revoked." });
    expect(await admin("exchange:revoke", first)).toMatchObject({ code: 1, err: "Error: The code is revoked; only an unused code can be revoked." });
    expect((await admin("exchange:lookup", first)).out).toMatch(/status\s+revoked/);
    expect((await admin("exchange:export", id)).out).toContain(`${first},revoked,,`);
    expect(await admin("exchange:lookup", "AAAAAAAAAAAAAAAA")).toMatchObject({ code: 1, err: "Error: No such code." });
    expect((await admin("exchange:create", "--benefit", "x", "--benefit-zh", "y", "--count", "1")).code).toBe(1);
    expect((await admin("exchange:create", "--benefit", "x", "--count", "1", "--valid-days", "3")).code).toBe(2);
  });

  test("the command line words the shared batch rules' refusals for the terminal, and makes nothing", async () => {
    const create = (count: string, days = "365") => admin("exchange:create", "--benefit", "x", "--benefit-zh", "y", "--count", count, "--benefit-days", days, "--valid-days", "3");
    const before = (await admin("exchange:batches")).out;
    expect(await create("0")).toMatchObject({ code: 1, err: "Error: --count must be a whole number from 1 to 100000." });
    expect(await create("100001")).toMatchObject({ code: 1, err: "Error: --count must be a whole number from 1 to 100000." });
    expect(await create("1", "0")).toMatchObject({ code: 1, err: "Error: --benefit-days must be a whole number from 1 to 36500." });
    expect(await admin("exchange:create", "--benefit", "x".repeat(101), "--benefit-zh", "y", "--count", "1", "--valid-days", "3")).toMatchObject({ code: 1, err: "Error: --benefit must be 1–100 characters." });
    expect(await admin("exchange:create", "--benefit", "x", "--benefit-zh", "y".repeat(101), "--count", "1", "--valid-days", "3")).toMatchObject({ code: 1, err: "Error: --benefit-zh must be 1–100 characters." });
    expect((await admin("exchange:batches")).out).toBe(before);
    expect(await admin("exchange:export", "not-an-id")).toMatchObject({ code: 1, err: "Error: Not a batch id (see exchange:batches)." });
    const unknown = "0b9d6c1e-3f51-4c33-9a0e-5d2f7f3c9a11";
    expect(await admin("exchange:export", unknown)).toMatchObject({ code: 1, err: `Error: No batch ${unknown}.` });
    expect(await admin("exchange:lookup", "short")).toMatchObject({ code: 1, err: "Error: A code is 16 letters and digits." });
  });

  test("another EXCHANGE_CODE_KEY finds no code and cannot export", async () => {
    const { id, codes } = await batch(1);
    backend.reconfigure({ EXCHANGE_CODE_KEY: "z".repeat(40) });
    try {
      expect(await admin("exchange:lookup", codes[0] ?? "")).toMatchObject({ code: 1, err: "Error: No such code." });
      expect((await admin("exchange:export", id)).err).toMatch(/not the key they were created with/);
    } finally {
      backend.reconfigure({ EXCHANGE_CODE_KEY: "k".repeat(40) });
    }
  });
});

describe("POST /v1/exchange/effect", () => {
  test("a code redeems once, in any case, and shows in the history in the user's language", async () => {
    const alice = await user("alice@example.com");
    const { codes } = await batch(1);
    const code = codes[0] ?? "";
    const reply = await redeem(alice, ` ${code.toLowerCase()} `);
    expect(reply).toMatchObject({ status: 200, code: 0 });
    const item = redemptionItem.parse(reply.data);
    expect(item).toMatchObject({ benefit: "XCS Pro, 1 year", status: "succeeded", code, effectTime: new Date().toISOString() });
    expect(new Date(item.expireTime).getTime() - new Date(item.effectTime).getTime()).toBe(365 * 86_400_000);

    expect(await redeem(alice, code)).toMatchObject({ status: 400, code: 20501 });
    const bob = await user("bob@example.com");
    expect(await redeem(bob, code)).toMatchObject({ status: 400, code: 20501 });

    const history = await call("GET", "/v1/exchange/list?page=1&pageSize=10", { token: alice.utoken, headers: { lang: "zh" } });
    expect(exchangeListResponse.parse(history.data)).toMatchObject({ total: 1, list: [{ benefit: "XCS 专业版一年", code, status: "succeeded" }] });
    expect((await call("GET", "/v1/exchange/list", { token: bob.utoken })).data).toMatchObject({ total: 0, list: [] });
  });

  test("expired, revoked, unknown and malformed codes: 20501 for every bad code, 10001 for a bad format", async () => {
    const carol = await user("carol@example.com");
    const expired = await batch(1, ["--valid-until", "2026-01-31"]);
    const revoked = await batch(1);
    await admin("exchange:revoke", revoked.codes[0] ?? "");
    expect(await redeem(carol, expired.codes[0] ?? "")).toMatchObject({ code: 20501 });
    expect(await redeem(carol, revoked.codes[0] ?? "")).toMatchObject({ code: 20501 });
    expect(await redeem(carol, "ABCDEFGHJKLMNPQR")).toMatchObject({ code: 20501 });
    expect(await redeem(carol, "SHORT")).toMatchObject({ status: 400, code: 10001, data: { fields: ["code"] } });
    expect(await redeem(carol, "ABCDEFGHJKLMNP-R")).toMatchObject({ status: 400, code: 10001 });
  });

  test("a benefit past its end shows as expired", async () => {
    const dave = await user("dave@example.com");
    const short = await batch(1, ["--valid-days", "10", "--benefit-days", "1"]);
    expect(await redeem(dave, short.codes[0] ?? "")).toMatchObject({ code: 0, data: { status: "succeeded" } });
    backend.advance(2 * 86_400);
    expect((await call("GET", "/v1/exchange/list", { token: dave.utoken })).data).toMatchObject({ list: [{ status: "expired" }] });
  });

  test("needs a session, and a verification ticket made for this account and scene", async () => {
    const erin = await user("erin@example.com");
    const { codes } = await batch(1);
    const code = codes[0] ?? "";
    expect(await call("POST", "/v1/exchange/effect", { body: { code } })).toMatchObject({ status: 401, code: 20101 });
    expect(await call("POST", "/v1/exchange/effect", { token: erin.utoken, body: { code } })).toMatchObject({ status: 428, code: 20106 });
    const otherEmail = await ticketFor("redeem", "someone@example.com");
    expect(await call("POST", "/v1/exchange/effect", { token: erin.utoken, body: { code, ticket: otherEmail } })).toMatchObject({ code: 20107 });
    const otherScene = await ticketFor("login", erin.email);
    expect(await call("POST", "/v1/exchange/effect", { token: erin.utoken, body: { code, ticket: otherScene } })).toMatchObject({ code: 20107 });
    // the code is still unused
    expect(await redeem(erin, code)).toMatchObject({ code: 0 });
  });

  test("100 concurrent redemptions of one code: exactly one succeeds", async () => {
    const { codes } = await batch(1);
    const code = codes[0] ?? "";
    const racers = await Promise.all(Array.from({ length: 4 }, (_, i) => user(`racer${i}@example.com`, fromIp(`203.0.113.${10 + i}`))));
    const tickets = await Promise.all(Array.from({ length: 100 }, (_, i) => {
      const racer = racers[i % racers.length];
      return racer ? ticketFor("redeem", racer.email).then((ticket) => ({ racer, ticket, ip: `198.51.100.${i}` })) : Promise.reject(new Error("no racer"));
    }));
    const replies = await Promise.all(
      tickets.map(({ racer, ticket, ip }) => call("POST", "/v1/exchange/effect", { token: racer.utoken, body: { code, ticket }, headers: fromIp(ip) })),
    );
    expect(replies.filter((reply) => reply.code === 0)).toHaveLength(1);
    // every other one is refused as a bad code (or, once an account passed its limit, throttled)
    for (const reply of replies.filter((r) => r.code !== 0)) expect([20501, 10004]).toContain(reply.code);
    expect(replies.filter((reply) => reply.code === 20501).length).toBeGreaterThan(0);
    const [row] = await (await getDb()).select().from(exchangeCodes).where(eq(exchangeCodes.redeemedCode, code));
    expect(row?.redeemedAt).not.toBeNull();
  });

  test("wrong guesses are throttled per account, and per IP across accounts", async () => {
    const frank = await user("frank@example.com");
    for (let i = 0; i < 10; i++) expect(await redeem(frank, `WRONGCODE${String(i).padStart(7, "0")}`, fromIp("192.0.2.50"))).toMatchObject({ code: 20501 });
    const { codes } = await batch(1);
    const blocked = await redeem(frank, codes[0] ?? "", fromIp("192.0.2.51"));
    expect(blocked).toMatchObject({ status: 429, code: 10004 });
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);

    const guessers = await Promise.all([0, 1, 2, 3].map((i) => user(`guesser${i}@example.com`)));
    let refusedByIp = false;
    for (let i = 0; i < 31 && !refusedByIp; i++) {
      const guesser = guessers[Math.floor(i / 8)];
      if (!guesser) break;
      const reply = await redeem(guesser, `GUESS${String(i).padStart(11, "0")}`, fromIp("192.0.2.77"));
      refusedByIp = reply.code === 10004;
    }
    expect(refusedByIp).toBe(true);
    // a correct code from another address still works for an account under its limit
    const { codes: more } = await batch(1);
    expect(await redeem(guessers[0] ?? frank, more[0] ?? "", fromIp("192.0.2.78"))).toMatchObject({ code: 0 });
  });
});
