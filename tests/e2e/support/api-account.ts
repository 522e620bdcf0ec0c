import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { z } from "zod";
import { BASE_URL, SAFETY_DEVICE_API_KEY } from "../../../playwright.config";
import { readEmailedCode } from "./mailbox";

/**
 * Accounts made through the services' API, as another client would (the screens are tested by
 * their own specs): a human-verification ticket solved in Node, the code from the SMTP sink,
 * then POST /v1/register. The session goes into the browser as its utoken cookie.
 */
type Envelope = { code: number; data?: Record<string, unknown> };

async function api(request: APIRequestContext, method: "GET" | "POST" | "PATCH" | "PUT", path: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; base?: string } = {}): Promise<Envelope> {
  const response = await request.fetch(`${options.base ?? BASE_URL}${path}`, {
    method,
    data: options.body,
    headers: { "content-type": "application/json", ...(options.token ? { utoken: options.token } : {}), ...options.headers },
  });
  return (await response.json()) as Envelope;
}

/**
 * The challenge as the widget receives it, checked rather than assumed. Loose objects: every field
 * the services send stays (the signature covers the parameters), the ones the solver reads are typed.
 */
const challengeSchema = z.looseObject({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.string(),
}) satisfies z.ZodType<Challenge>;

async function ticket(request: APIRequestContext, scene: string, email: string, base?: string): Promise<string> {
  const challenge = challengeSchema.parse((await api(request, "GET", `/v1/verify/challenge?${new URLSearchParams({ scene, email })}`, { base })).data);
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 30_000 });
  if (!solution) throw new Error("could not solve the challenge");
  const payload = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
  const reply = await api(request, "POST", "/v1/verify/pow", { body: { scene, email, payload }, base });
  expect(reply.code).toBe(0);
  return String(reply.data?.ticket);
}

export type ApiAccount = { email: string; utoken: string };

/** `base`: another portal of the run than the main one (its mail must go to the same SMTP sink). */
export async function registerByApi(request: APIRequestContext, email: string, nickname?: string, base?: string): Promise<ApiAccount> {
  const nonce = String((await api(request, "POST", "/v1/verify/email", { body: { email }, base })).data?.nonce);
  const sent = await api(request, "POST", "/v1/captcha", { body: { receiver: email, nonce, type: "register", ticket: await ticket(request, "register", email, base) }, base });
  expect(sent.code).toBe(0);
  const captcha = await readEmailedCode(request, email);
  const registered = await api(request, "POST", "/v1/register", { body: { email, password: "Laser-2026", captcha, nonce }, base });
  expect(registered.code).toBe(0);
  const utoken = String(registered.data?.utoken);
  if (nickname) expect((await api(request, "PATCH", "/v1/user/otherinfo", { token: utoken, body: { nickname, introduction: "" } })).code).toBe(0);
  return { email, utoken };
}

/** Redeems a code for the account as another client would: a solved "redeem" ticket, then POST /v1/exchange/effect. */
export async function redeemByApi(request: APIRequestContext, account: ApiAccount, code: string): Promise<void> {
  const reply = await api(request, "POST", "/v1/exchange/effect", { token: account.utoken, body: { code, ticket: await ticket(request, "redeem", account.email) } });
  expect(reply.code).toBe(0);
}

/** The device side says this account has a laser (PUT /v1/safety/devices with its key). */
export async function giveLaser(request: APIRequestContext, email: string): Promise<void> {
  const reply = await api(request, "PUT", "/v1/safety/devices", { body: { email, laser: true }, headers: { "x-device-key": SAFETY_DEVICE_API_KEY } });
  expect(reply.code).toBe(0);
}

/** Signs the browser in with the account's session. */
export async function signIn(context: BrowserContext, account: ApiAccount): Promise<void> {
  await context.addCookies([{ name: "utoken", value: account.utoken, url: BASE_URL, httpOnly: true, sameSite: "Lax" }]);
}

declare global {
  interface Window {
    /** the `passport:analytics` events the page announced, once RECORD_ANALYTICS runs in it */
    __analytics: unknown[];
  }
}

/** Collects the `passport:analytics` events the page announces (read them as `window.__analytics`). */
export const RECORD_ANALYTICS = () => {
  window.__analytics = [];
  window.addEventListener("passport:analytics", (event) => {
    if (event instanceof CustomEvent) window.__analytics.push(event.detail);
  });
};
