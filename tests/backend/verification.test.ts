import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { createAltchaChallenge } from "@/lib/backend/captcha";
import { resetConfig } from "@/lib/backend/config";
import { verificationConfigResponse, verificationTicketResponse } from "@/lib/contract/verification";
import {
  call,
  fetchChallenge,
  OPEN_TIMEOUT,
  solvePayload,
  startBackend,
  stopBackend,
  ticketFor,
  type Backend,
} from "./support/harness";
import { TEST_TIMEOUT } from "./support/timeouts";

/** Human verification with the default provider: self-hosted ALTCHA proof of work. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const EMAIL = "human@example.com";

function redeem(scene: string, email: string, payload: string) {
  return call("POST", "/v1/verify/pow", { body: { scene, email, payload } });
}

/** Re-encode a payload after changing it, as a cheater would. */
function tamper(payload: string, change: (json: { challenge: Challenge; solution: { counter: number; derivedKey: string } }) => void): string {
  const json = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  change(json);
  return Buffer.from(JSON.stringify(json)).toString("base64");
}

describe("the provider", () => {
  test("GET /v1/verify/config says altcha, without keys", async () => {
    const reply = await call("GET", "/v1/verify/config");
    expect(reply).toMatchObject({ status: 200, code: 0 });
    expect(verificationConfigResponse.parse(reply.data)).toEqual({ provider: "altcha", siteKey: null, scene: null });
  });

  test("the other providers' endpoints answer 20107", async () => {
    expect(await call("POST", "/v1/verify/ncdata/google", { body: { scene: "login", email: EMAIL, token: "x" } })).toMatchObject({ code: 20107 });
    expect(await call("POST", "/v2/verify/ncdata", { body: { scene: "login", email: EMAIL, nvc: "x" } })).toMatchObject({ code: 20107 });
  });
});

describe("ALTCHA challenges", () => {
  test("a signed ALTCHA v2 challenge, expiring in 5 minutes, bound to the scene and a hash of the email", async () => {
    const challenge = await fetchChallenge("register", " Human@Example.com ");
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({
      algorithm: "PBKDF2/SHA-256",
      expiresAt: Math.floor(Date.now() / 1000) + 300,
      keyPrefix: expect.stringMatching(/^[0-9a-f]+$/),
      keySignature: expect.stringMatching(/^[0-9a-f]{64}$/),
      data: { scene: "register", email: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    expect(JSON.stringify(challenge)).not.toMatch(/human/i);
    // the same canonical email gives the same binding
    expect((await fetchChallenge("register", "human@example.com")).parameters.data).toEqual(challenge.parameters.data);
  });

  test("invalid scene or email → 10001", async () => {
    expect(await call("GET", "/v1/verify/challenge?scene=launch&email=human@example.com")).toMatchObject({ status: 400, code: 10001 });
    expect(await call("GET", "/v1/verify/challenge?scene=login&email=nope")).toMatchObject({ status: 400, code: 10001 });
    expect(await call("GET", "/v1/verify/challenge")).toMatchObject({ code: 10001 });
  });

  test("the default cost: PBKDF2 × 5000 per attempt, at most 3000 attempts, and altcha-lib solves it", async () => {
    const saved = { cost: process.env.ALTCHA_COST, counter: process.env.ALTCHA_MAX_COUNTER };
    delete process.env.ALTCHA_COST;
    delete process.env.ALTCHA_MAX_COUNTER;
    resetConfig();
    try {
      const challenge = await createAltchaChallenge("login", EMAIL);
      expect(challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 5000 });
      // the suite's one budget (support/timeouts.ts): a limit that ends a hang, not a speed check
      const solution = await solveChallenge({ challenge, deriveKey, timeout: TEST_TIMEOUT });
      expect(solution?.counter).toBeGreaterThanOrEqual(1000);
      expect(solution?.counter).toBeLessThanOrEqual(3000);
    } finally {
      process.env.ALTCHA_COST = saved.cost;
      process.env.ALTCHA_MAX_COUNTER = saved.counter;
      resetConfig();
    }
  });
});

describe("POST /v1/verify/pow", () => {
  test("a solved challenge → a 2-minute ticket; the same solution again → 20107", async () => {
    const payload = await solvePayload(await fetchChallenge("login", EMAIL));
    const first = await redeem("login", EMAIL, payload);
    expect(first).toMatchObject({ status: 200, code: 0 });
    expect(verificationTicketResponse.parse(first.data)).toEqual({ ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresIn: 120 });
    expect(await redeem("login", EMAIL, payload)).toMatchObject({ status: 400, code: 20107 });
  });

  test("a solution only counts for the scene and email it was made for", async () => {
    const payload = await solvePayload(await fetchChallenge("login", EMAIL));
    expect((await redeem("register", EMAIL, payload)).code).toBe(20107);
    expect((await redeem("login", "other@example.com", payload)).code).toBe(20107);
    // refused attempts did not use it up
    expect((await redeem("login", "HUMAN@example.com", payload)).code).toBe(0);
  });

  test("a challenge older than 5 minutes → 20107", async () => {
    const challenge = await fetchChallenge("login", EMAIL);
    const payload = await solvePayload(challenge);
    backend.advance(301);
    expect((await redeem("login", EMAIL, payload)).code).toBe(20107);
  });

  test("tampered, unsolved or malformed payloads → 20107", async () => {
    const payload = await solvePayload(await fetchChallenge("login", EMAIL));
    const rescoped = tamper(payload, (json) => {
      if (json.challenge.parameters.data) json.challenge.parameters.data.scene = "register";
    });
    expect((await redeem("register", EMAIL, rescoped)).code).toBe(20107);
    const cheaper = tamper(payload, (json) => {
      json.challenge.parameters.cost = 1;
    });
    expect((await redeem("login", EMAIL, cheaper)).code).toBe(20107);
    const guessed = tamper(payload, (json) => {
      json.solution.counter += 1;
      json.solution.derivedKey = "00".repeat(32);
    });
    expect((await redeem("login", EMAIL, guessed)).code).toBe(20107);
    expect((await redeem("login", EMAIL, Buffer.from("{}").toString("base64"))).code).toBe(20107);
    expect((await redeem("login", EMAIL, "not base64 json")).code).toBe(20107);
    // the genuine one still works
    expect((await redeem("login", EMAIL, payload)).code).toBe(0);
  });
});

describe("tickets", () => {
  async function codeRequest(receiver: string, type: string, ticket?: string) {
    const verified = await call("POST", "/v1/verify/email", { body: { email: receiver } });
    return call("POST", "/v1/captcha", { body: { receiver, nonce: String(verified.data?.nonce), type, ticket } });
  }

  test("no code is mailed without a ticket (20106, HTTP 428)", async () => {
    expect(await codeRequest("ticketless@example.com", "register")).toMatchObject({ status: 428, code: 20106 });
  });

  test("a ticket works once, for its scene and email, within 2 minutes", async () => {
    const ticket = await ticketFor("register", "once@example.com");
    expect((await codeRequest("twice@example.com", "register", ticket)).code).toBe(20107);
    expect((await codeRequest("once@example.com", "findpwd", ticket)).code).toBe(20107);
    expect(await codeRequest("once@example.com", "register", ticket)).toMatchObject({ status: 200, code: 0 });
    backend.advance(60);
    expect(await codeRequest("once@example.com", "register", ticket)).toMatchObject({ status: 400, code: 20107 });

    const stale = await ticketFor("register", "late@example.com");
    backend.advance(120);
    expect((await codeRequest("late@example.com", "register", stale)).code).toBe(20107);
  });
});
