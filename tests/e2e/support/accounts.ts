import { expect, type APIRequestContext } from "@playwright/test";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { readEmailedCode } from "./mailbox";

/**
 * Accounts for tests that are not about registering: made through the services' API the way
 * the register screen does it (a proof of work solved here, the code from the real SMTP sink),
 * without driving the screen.
 */
async function data<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

export async function createAccount(request: APIRequestContext, email: string, password: string): Promise<void> {
  const { nonce } = await data<{ nonce: string }>(await request.post("/v1/verify/email", { data: { email } }));
  const challenge = await data<Challenge>(await request.get(`/v1/verify/challenge?${new URLSearchParams({ scene: "register", email })}`));
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error("could not solve the challenge");
  const payload = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
  const { ticket } = await data<{ ticket: string }>(await request.post("/v1/verify/pow", { data: { scene: "register", email, payload } }));
  await data(await request.post("/v1/captcha", { data: { receiver: email, nonce, type: "register", ticket } }));
  const captcha = await readEmailedCode(request, email);
  await data(await request.post("/v1/register", { data: { email, password, captcha, nonce } }));
}
