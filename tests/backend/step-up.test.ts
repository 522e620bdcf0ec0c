import { eq } from "drizzle-orm";
import { getDb } from "@/lib/backend/db/client";
import { sessions, users } from "@/lib/backend/db/schema";
import { sha256Hex } from "@/lib/backend/crypto";
import { stepUpResponse, stepUpStatusResponse } from "@/lib/contract/step-up";
import { call, fromIp, OPEN_TIMEOUT, registerUser, requestCode, startBackend, stopBackend, type Backend } from "./support/harness";
import { addPasskey, signInWithPasskey, SoftAuthenticator } from "./support/passkeys";
import { secondStep, ticketOf, totpCode, turnOnTwoStep } from "./support/two-step";

/** Step-up: a proof made in this session within 5 minutes, by password or (no password) an emailed code. */
let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, OPEN_TIMEOUT);
afterAll(stopBackend);

async function status(token: string) {
  const reply = await call("GET", "/v1/user/step-up", { token });
  expect(reply.code).toBe(0);
  return stepUpStatusResponse.parse(reply.data);
}
function prove(token: string, body: Record<string, unknown>, headers?: Record<string, string>) {
  return call("POST", "/v1/user/step-up", { token, body, headers });
}
async function signIn(email: string, password: string): Promise<string> {
  const reply = await call("POST", "/v1/login", { body: { email, password } });
  expect(reply.code).toBe(0);
  return String(reply.data?.utoken);
}

describe("proving with the password", () => {
  const email = "stepper@example.com";
  const password = "stepper-pass1";
  let token: string;
  beforeAll(async () => {
    ({ utoken: token } = await registerUser(email, password));
  });

  test("a new session holds no proof; its way to prove is the password", async () => {
    expect(await status(token)).toEqual({ proven: false, expiresIn: 0, methods: ["password"] });
  });

  test("the right password proves this session for 5 minutes, and no other session", async () => {
    const other = await signIn(email, password);
    const reply = await prove(token, { password });
    expect(reply).toMatchObject({ status: 200, code: 0 });
    expect(stepUpResponse.parse(reply.data)).toEqual({ method: "password", expiresIn: 300 });
    expect(await status(token)).toMatchObject({ proven: true, expiresIn: 300 });
    expect(await status(other)).toMatchObject({ proven: false, expiresIn: 0 });

    backend.advance(299);
    expect(await status(token)).toMatchObject({ proven: true, expiresIn: 1 });
    backend.advance(1);
    expect(await status(token)).toEqual({ proven: false, expiresIn: 0, methods: ["password"] });
  });

  test("wrong passwords are 20206 and count like wrong sign-ins: the third asks the next sign-in for a verification", async () => {
    const caller = fromIp("198.51.100.41");
    for (let i = 0; i < 3; i += 1) expect(await prove(token, { password: "not-the-pass1" }, caller)).toMatchObject({ status: 400, code: 20206 });
    expect(await status(token)).toMatchObject({ proven: false });
    expect(await call("POST", "/v1/login", { body: { email, password } })).toMatchObject({ status: 428, code: 20106 });
  });

  test("no proof at all, or an emailed code for an account that has a password, proves nothing", async () => {
    expect(await prove(token, {})).toMatchObject({ status: 400, code: 10001, data: { fields: ["password"] } });
    expect(await prove(token, { captcha: "123456", nonce: "n".repeat(32) })).toMatchObject({ status: 403, code: 20102 });
    expect(await prove("not-a-session-token-at-all-000000", { password })).toMatchObject({ status: 401, code: 20101 });
    expect(await status(token)).toMatchObject({ proven: false });
  });
});

describe("an account without a password proves with an emailed code", () => {
  const email = "nopass@example.com";
  let token: string;
  beforeAll(async () => {
    ({ utoken: token } = await registerUser(email, "throwaway-pass1"));
    // as social sign-up leaves it: a hash nobody knows
    await (await getDb()).update(users).set({ passwordSet: false }).where(eq(users.email, email));
  });

  test("its way to prove is an emailed code of purpose step_up; a wrong one is 20204, the right one proves once", async () => {
    expect((await status(token)).methods).toEqual(["email_code"]);
    expect(await prove(token, { password: "throwaway-pass1" })).toMatchObject({ status: 400, code: 20206 });

    const { nonce, code } = await requestCode(email, "step_up");
    const wrong = code === "000000" ? "000001" : "000000";
    expect(await prove(token, { captcha: wrong, nonce })).toMatchObject({ status: 400, code: 20204 });
    expect(await status(token)).toMatchObject({ proven: false });

    const reply = await prove(token, { captcha: code, nonce });
    expect(reply).toMatchObject({ code: 0, data: { method: "email_code", expiresIn: 300 } });
    expect(await status(token)).toMatchObject({ proven: true });
    // single use
    expect(await prove(token, { captcha: code, nonce })).toMatchObject({ status: 400, code: 20204 });
  });
});

describe("the guard: deleting the account", () => {
  test("a proof older than 5 minutes, or made in another session of the account, is not enough; nothing is deleted", async () => {
    const email = "guarded-delete@example.com";
    const password = "guarded-del1";
    const { utoken } = await registerUser(email, password);
    const other = await signIn(email, password);
    const { nonce, code } = await requestCode(email, "delete");
    const remove = () => call("POST", "/v1/user/delete", { token: utoken, body: { captcha: code, nonce, financialResponsibility: true, permanentDeletion: true } });

    expect(await prove(other, { password })).toMatchObject({ code: 0 });
    expect(await remove()).toMatchObject({ status: 403, code: 20113 });

    expect(await prove(utoken, { password })).toMatchObject({ code: 0 });
    backend.advance(301);
    expect(await remove()).toMatchObject({ status: 403, code: 20113 });
    expect(await call("GET", "/v1/user/basic", { token: utoken })).toMatchObject({ code: 0 });

    // proved again, the same code (never spent by a refusal) deletes
    expect(await prove(utoken, { password })).toMatchObject({ code: 0 });
    expect(await remove()).toMatchObject({ code: 0 });
    expect(await call("GET", "/v1/user/basic", { token: other })).toMatchObject({ status: 401, code: 20101 });
  });
});

describe("a sign-in with two factors is a fresh proof", () => {
  const LAPTOP = { "x-device-id": "device-laptop-0123456789abcdef" };
  async function factorsOf(token: string): Promise<string[] | null | undefined> {
    const [row] = await (await getDb()).select({ factors: sessions.signInFactors }).from(sessions).where(eq(sessions.tokenHash, sha256Hex(token)));
    return row?.factors;
  }

  test("password and authenticator code: proven for 5 minutes from the sign-in, a guarded change asks nothing; the password alone proves nothing", async () => {
    const email = "two-factors@example.com";
    const password = "two-factors1";
    const { utoken } = await registerUser(email, password, LAPTOP);
    const { secret } = await turnOnTwoStep(utoken);
    backend.advance(30);
    const ticket = ticketOf(await call("POST", "/v1/login", { body: { email, password }, headers: LAPTOP }));
    backend.advance(20);
    const done = await secondStep(ticket, "totp", totpCode(secret), LAPTOP);
    expect(done.code).toBe(0);
    const token = String(done.data?.utoken);
    // the proof dates from the session's opening, not from the first step
    expect(await status(token)).toEqual({ proven: true, expiresIn: 300, methods: ["password", "totp"] });
    expect(await factorsOf(token)).toEqual(["password", "totp"]);
    backend.advance(40);
    expect(await call("POST", "/v1/user/two-step/recovery-codes", { token })).toMatchObject({ code: 0 });
    backend.advance(260);
    expect(await status(token)).toMatchObject({ proven: false, expiresIn: 0 });
    expect(await call("POST", "/v1/user/two-step/recovery-codes", { token })).toMatchObject({ status: 403, code: 20113 });

    // the session that turned two-step on was opened by a registration: no factors, no proof
    expect(await factorsOf(utoken)).toEqual([]);
    await registerUser("one-factor@example.com", "one-factor1");
    const single = await signIn("one-factor@example.com", "one-factor1");
    expect(await status(single)).toMatchObject({ proven: false });
    expect(await factorsOf(single)).toEqual(["password"]);
  });

  test("a passkey, two factors at once, is a fresh proof too", async () => {
    const device = new SoftAuthenticator();
    const { utoken } = await registerUser("key-proof@example.com");
    expect((await addPasskey(utoken, device)).code).toBe(0);
    backend.advance(301);
    const signedIn = await signInWithPasskey(device);
    expect(signedIn.code).toBe(0);
    const token = String(signedIn.data?.utoken);
    expect(await status(token)).toMatchObject({ proven: true, expiresIn: 300 });
    expect(await factorsOf(token)).toEqual(["passkey"]);
  });
});
