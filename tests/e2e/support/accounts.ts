import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { readEmailedCode } from "./mailbox";
import { signInOnLoginScreen, type Lang } from "./screens";

/**
 * Accounts made through the services' API, for tests that are not about registering: the same
 * steps as the register screen (verify/email, a solved proof of work for a ticket, the emailed
 * code from the SMTP sink, register), without the screen.
 */
type Envelope<T> = { code: number; data: T };

async function ok<T>(response: Promise<{ json(): Promise<unknown> }>): Promise<T> {
  const body = (await (await response).json()) as Envelope<T>;
  expect(body.code).toBe(0);
  return body.data;
}

export async function createAccount(request: APIRequestContext, email: string, password: string, base = ""): Promise<{ utoken: string }> {
  const { nonce } = await ok<{ nonce: string }>(request.post(`${base}/v1/verify/email`, { data: { email } }));
  const challenge = await ok<Challenge>(request.get(`${base}/v1/verify/challenge?${new URLSearchParams({ scene: "register", email })}`));
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error("could not solve the proof of work");
  const payload = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
  const { ticket } = await ok<{ ticket: string }>(request.post(`${base}/v1/verify/pow`, { data: { scene: "register", email, payload } }));
  await ok(request.post(`${base}/v1/captcha`, { data: { receiver: email, nonce, type: "register", ticket } }));
  const code = await readEmailedCode(request, email);
  return ok<{ utoken: string }>(request.post(`${base}/v1/register`, { data: { email, password, captcha: code, nonce } }));
}

/**
 * An account made through the API whose registration session is ended again (POST
 * /v1/user/logout): as after the register screen and a sign-out, no session of it is open.
 */
export async function signedOutNewAccount(request: APIRequestContext, email: string, password: string, base = ""): Promise<void> {
  const { utoken } = await createAccount(request, email, password, base);
  await ok(request.post(`${base}/v1/user/logout`, { headers: { utoken } }));
}

/**
 * An account made through the API, then signed in on the login screen with its password: the
 * user centre open, its registration code the account's first mail (as after the register screen).
 */
export async function signedInNewAccount(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  await createAccount(page.request, email, password);
  await signInOnLoginScreen(page, lang, email, password);
}
