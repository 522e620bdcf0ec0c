import { askForCode, call, fromIp, OPEN_TIMEOUT, requestCode, startBackend, stopBackend, type Backend } from "./support/harness";

/**
 * Limits on emailed codes, as a caller of the API sees them (no portal in between): the
 * resend wait, the daily caps per email and per IP, and the cap on code checks per IP.
 */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

const DAY = 86_400;

describe("code requests", () => {
  test("10 codes per email a day: the 11th → 429, 10004, retryAfter and Retry-After; a day later it works", async () => {
    const email = "daily@example.com";
    await requestCode(email);
    for (let i = 2; i <= 10; i++) {
      backend.advance(60);
      expect((await askForCode(email)).reply).toMatchObject({ code: 0 });
    }
    backend.advance(60);
    const capped = (await askForCode(email)).reply;
    // the window opened with the first code, 9 × 60 s + 60 s ago
    expect(capped).toMatchObject({ status: 429, code: 10004, data: { retryAfter: DAY - 600 }, retryAfter: String(DAY - 600) });

    backend.advance(DAY - 600 - 1);
    expect((await askForCode(email)).reply).toMatchObject({ code: 10004, data: { retryAfter: 1 } });
    backend.advance(1);
    expect((await askForCode(email)).reply).toMatchObject({ status: 200, code: 0 });
  });

  test("the resend wait (10003) is the server's: a fresh nonce and a fresh ticket do not skip it", async () => {
    await requestCode("direct@example.com");
    backend.advance(15);
    const again = await askForCode("direct@example.com");
    expect(again.reply).toMatchObject({ status: 429, code: 10003, data: { retryAfter: 45 }, retryAfter: "45" });
  });

  test("a refused request does not count: only mailed codes use the daily cap", async () => {
    const email = "refused@example.com";
    await requestCode(email);
    for (let i = 0; i < 12; i++) expect((await askForCode(email)).reply.code).toBe(10003);
    for (let i = 2; i <= 10; i++) {
      backend.advance(60);
      expect((await askForCode(email)).reply.code).toBe(0);
    }
  });

  test("50 codes per IP a day, whatever the emails: the 51st → 429; other addresses are not affected", async () => {
    const ip = fromIp("198.51.100.50");
    for (let i = 1; i <= 50; i++) expect((await askForCode(`ip-cap-${i}@example.com`, "register", ip)).reply.code).toBe(0);
    const capped = (await askForCode("ip-cap-51@example.com", "register", ip)).reply;
    expect(capped).toMatchObject({ status: 429, code: 10004, data: { retryAfter: DAY } });
    expect((await askForCode("ip-cap-51@example.com", "register", fromIp("198.51.100.51"))).reply.code).toBe(0);
    backend.advance(DAY);
    expect((await askForCode("ip-cap-52@example.com", "register", ip)).reply.code).toBe(0);
  });
});

describe("code checks", () => {
  test("60 code checks per IP an hour, right or wrong: the 61st → 429; another IP still gets an answer", async () => {
    const ip = fromIp("198.51.100.60");
    const attempt = (i: number, headers: Record<string, string>) =>
      call("POST", "/v1/register", { body: { email: `guess-${i}@example.com`, password: "secret-pass1", captcha: "123456", nonce: "n".repeat(43) }, headers });
    for (let i = 1; i <= 60; i++) expect((await attempt(i, ip)).code).toBe(20204);
    expect(await attempt(61, ip)).toMatchObject({ status: 429, code: 10004, data: { retryAfter: 3600 } });
    expect((await attempt(62, fromIp("198.51.100.61"))).code).toBe(20204);

    // even the right code waits for the hour to end
    backend.advance(3300);
    const { nonce, code } = await requestCode("patient@example.com", "register", ip);
    const body = { email: "patient@example.com", password: "secret-pass1", captcha: code, nonce };
    expect(await call("POST", "/v1/register", { body, headers: ip })).toMatchObject({ code: 10004, data: { retryAfter: 300 } });
    backend.advance(300);
    expect((await call("POST", "/v1/register", { body, headers: ip })).code).toBe(0);
  });
});
