import { Secret, TOTP } from "otpauth";
import { call, type Reply } from "./harness";

/** Helpers of the two-step tests: an authenticator app in the test, and the calls around it. */

/** The code an authenticator app shows now (`steps` periods of 30 s later or earlier). */
export function totpCode(secret: string, steps = 0): string {
  const totp = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Turns two-step on for the session's account: its secret and its ten recovery codes. */
export async function turnOnTwoStep(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call("POST", "/v1/user/two-step/totp", { token });
  expect(setup.code).toBe(0);
  const secret = String(setup.data?.secret);
  const confirmed = await call("POST", "/v1/user/two-step/totp/confirm", { token, body: { code: totpCode(secret) } });
  expect(confirmed.code).toBe(0);
  const recoveryCodes = confirmed.data?.recoveryCodes;
  if (!Array.isArray(recoveryCodes)) throw new Error("no recovery codes");
  return { secret, recoveryCodes: recoveryCodes.map(String) };
}

/** The ticket of a sign-in held for its second step (20901), checked to carry no session. */
export function ticketOf(reply: Reply): string {
  expect(reply).toMatchObject({ status: 403, code: 20901, data: { methods: ["totp", "recovery"] } });
  expect(reply.data?.utoken).toBeUndefined();
  return String(reply.data?.ticket);
}

export function secondStep(ticket: string, method: "totp" | "recovery", code: string, headers?: Record<string, string>): Promise<Reply> {
  return call("POST", "/v1/login/two-step", { body: { ticket, method, code }, headers });
}
