import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { MESSAGES_DATABASE_URL, MESSAGES_URL } from "../../../playwright.config";
import { readEmailedCode } from "./mailbox";

/**
 * Set-up for the message, announcement and analytics tests, which run against the portal on
 * PostgreSQL (MESSAGES_URL): accounts made through the services' API (the register screen has
 * its own tests), a browser signed in with that session, and the operator command.
 */

async function json<T>(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code, `${response.url()} answered ${JSON.stringify(body)}`).toBe(0);
  return body.data;
}

/**
 * A new account, registered as the register screen does it (verification, emailed code), through
 * the app `app`: it is then one of that app's users (what message:send --app-users reaches).
 */
export async function apiAccount(request: APIRequestContext, email: string, options: { password?: string; app?: string } = {}): Promise<{ utoken: string; uid: string }> {
  const password = options.password ?? "Laser-2026";
  const APP = { "x-app-code": options.app ?? "passport", code: options.app ?? "passport" };
  const challenge = await json<Challenge>(await request.get(`${MESSAGES_URL}/v1/verify/challenge?scene=register&email=${encodeURIComponent(email)}`, { headers: APP }));
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error("could not solve the proof of work");
  const payload = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString("base64");
  const { ticket } = await json<{ ticket: string }>(await request.post(`${MESSAGES_URL}/v1/verify/pow`, { data: { scene: "register", email, payload }, headers: APP }));
  const { nonce } = await json<{ nonce: string }>(await request.post(`${MESSAGES_URL}/v1/verify/email`, { data: { email }, headers: APP }));
  await json(await request.post(`${MESSAGES_URL}/v1/captcha`, { data: { receiver: email, nonce, type: "register", ticket }, headers: APP }));
  const code = await readEmailedCode(request, email);
  return json<{ utoken: string; uid: string }>(await request.post(`${MESSAGES_URL}/v1/register`, { data: { email, password, captcha: code, nonce }, headers: APP }));
}

/** The browser is signed in with the session (the cookie the portal sets at sign-in). */
export async function signInWith(context: BrowserContext, utoken: string): Promise<void> {
  await context.addCookies([{ name: "utoken", value: utoken, url: MESSAGES_URL, httpOnly: true, sameSite: "Lax" }]);
}

const run = promisify(execFile);
const bin = path.resolve("node_modules/.bin");

/**
 * `npm run cli -- …` on the PostgreSQL of the messages portal; its output, or it throws. Every
 * command is given a reason, as an operator's must (required for those that change something).
 */
export async function admin(...args: string[]): Promise<string> {
  const { stdout } = await run(path.join(bin, "tsx"), ["lib/backend/cli/cli.ts", ...args, "--reason", "end-to-end test setup"], {
    env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`, DATABASE_URL: MESSAGES_DATABASE_URL, LOG_LEVEL: "silent" },
    // a hang guard only, under the spec's own 180 s: at load 16 the command's start (tsx, the
    // services' modules) ran past 60 s
    timeout: 170_000,
  });
  return stdout.trim();
}

export type Texts = { en: { name: string; content: string }; zh: { name: string; content: string } };

/** Publishes a message to one account (or every user of the app) with message:send. */
export async function publish(to: string | "app-users", category: string, texts: Texts, app = "passport"): Promise<string> {
  const target = to === "app-users" ? ["--app-users"] : ["--to", to];
  const out = await admin("message:send", "--app", app, "--category", category, ...target, "--name-en", texts.en.name, "--name-zh", texts.zh.name, "--content-en", texts.en.content, "--content-zh", texts.zh.content, "--json");
  return (JSON.parse(out) as { id: string }).id;
}

let counter = 0;
/** Texts of a fresh message in both languages. */
export function texts(tag: string): Texts {
  counter += 1;
  return {
    en: { name: `${tag} notice ${counter}`, content: `${tag} details ${counter}` },
    zh: { name: `${tag}通知${counter}`, content: `${tag}详情${counter}` },
  };
}
