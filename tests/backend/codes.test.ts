import { consumeVerificationCode } from "@/lib/backend/services/codes";
import { call, lastCodeFor, OPEN_TIMEOUT, requestCode, resendCode, startBackend, stopBackend, type Backend } from "./support/harness";

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

function register(email: string, nonce: string, captcha: string) {
  return call("POST", "/v1/register", { body: { email, password: "secret-pass1", captcha, nonce } });
}

function wrong(code: string): string {
  return code === "000000" ? "000001" : "000000";
}

describe("verification codes", () => {
  test("a second code within 60 s → 10003 with the seconds left; after 60 s it is sent", async () => {
    const { nonce } = await requestCode("wait@example.com");
    backend.advance(20);
    const early = await resendCode("wait@example.com", nonce);
    expect(early).toMatchObject({ status: 429, code: 10003, data: { retryAfter: 40 }, retryAfter: "40" });
    backend.advance(39);
    const stillEarly = await resendCode("wait@example.com", nonce);
    expect(stillEarly).toMatchObject({ code: 10003, data: { retryAfter: 1 } });
    backend.advance(1);
    const later = await resendCode("wait@example.com", nonce);
    expect(later).toMatchObject({ status: 200, code: 0, data: { resendAfter: 60 } });
  });

  test("a new code replaces the previous one", async () => {
    const first = await requestCode("replace@example.com");
    backend.advance(60);
    expect((await resendCode("replace@example.com", first.nonce)).code).toBe(0);
    const second = await lastCodeFor("replace@example.com");
    if (second !== first.code) {
      expect((await register("replace@example.com", first.nonce, first.code)).code).toBe(20204);
    }
    expect((await register("replace@example.com", first.nonce, second)).code).toBe(0);
  });

  test("a code works once: a used code is refused with 20204", async () => {
    const { nonce, code } = await requestCode("once@example.com");
    await expect(consumeVerificationCode({ email: "once@example.com", purpose: "register", nonce, code })).resolves.toBeUndefined();
    await expect(consumeVerificationCode({ email: "once@example.com", purpose: "register", nonce, code })).rejects.toMatchObject({ code: 20204 });
    // no account was created, so register reaches the code check and is refused
    expect(await register("once@example.com", nonce, code)).toMatchObject({ status: 400, code: 20204 });
  });

  test("a code redeemed by register cannot be redeemed again", async () => {
    const { nonce, code } = await requestCode("twice@example.com");
    expect((await register("twice@example.com", nonce, code)).code).toBe(0);
    await expect(consumeVerificationCode({ email: "twice@example.com", purpose: "register", nonce, code })).rejects.toMatchObject({ code: 20204 });
  });

  test("five wrong codes kill the code", async () => {
    const { nonce, code } = await requestCode("guess@example.com");
    for (let i = 0; i < 5; i++) {
      const reply = await register("guess@example.com", nonce, wrong(code));
      expect(reply).toMatchObject({ status: 400, code: 20204 });
    }
    expect((await register("guess@example.com", nonce, code)).code).toBe(20204);
  });

  test("four wrong codes still leave the right one working", async () => {
    const { nonce, code } = await requestCode("careful@example.com");
    for (let i = 0; i < 4; i++) expect((await register("careful@example.com", nonce, wrong(code))).code).toBe(20204);
    expect((await register("careful@example.com", nonce, code)).code).toBe(0);
  });

  test("a code older than 10 minutes is refused", async () => {
    const { nonce, code } = await requestCode("slow@example.com");
    backend.advance(10 * 60);
    expect((await register("slow@example.com", nonce, code))).toMatchObject({ status: 400, code: 20204 });
  });

  test("a code just under 10 minutes old works", async () => {
    const { nonce, code } = await requestCode("prompt@example.com");
    backend.advance(10 * 60 - 1);
    expect((await register("prompt@example.com", nonce, code)).code).toBe(0);
  });

  test("the code only works with the nonce it was requested with", async () => {
    const { code } = await requestCode("nonce@example.com");
    const other = await call("POST", "/v1/verify/email", { body: { email: "nonce@example.com" } });
    expect((await register("nonce@example.com", String(other.data?.nonce), code)).code).toBe(20204);
  });

  test("captcha needs a live nonce issued for that email", async () => {
    const mine = await call("POST", "/v1/verify/email", { body: { email: "mine@example.com" } });
    const nonce = String(mine.data?.nonce);
    const foreign = await resendCode("yours@example.com", nonce);
    expect(foreign).toMatchObject({ status: 400, code: 20204 });
    const made = await resendCode("nobody-knows-this-nonce@example.com", "x".repeat(43));
    expect(made.code).toBe(20204);
    backend.advance(10 * 60);
    const stale = await resendCode("mine@example.com", nonce);
    expect(stale.code).toBe(20204);
  });
});
