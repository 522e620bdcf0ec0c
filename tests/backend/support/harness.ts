import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { resetClock, setClock } from "@/lib/backend/clock";
import { getDb } from "@/lib/backend/db/client";
import { outboxMails } from "@/lib/backend/db/schema";
import { handleServiceRequest } from "@/lib/backend/http/router";
import { shutdownBackend } from "@/lib/backend/lifecycle";

/**
 * A real backend for one test file: PGlite in a fresh temporary DATA_DIR, the outbox mailer,
 * a clock the test moves, and `call()` sending real Requests to the router.
 */
export const OPEN_TIMEOUT = 30_000;

const ENV_KEYS = ["DATA_DIR", "DATABASE_URL", "SMTP_URL", "CODE_SECRET", "TRUST_PROXY", "MAIL_FROM"] as const;

export type Backend = {
  dataDir: string;
  /** every block the outbox printed */
  logged: string[];
  advance(seconds: number): void;
  stop(): Promise<void>;
};

let current = new Date("2026-03-01T08:00:00.000Z").getTime();
let active: Backend | null = null;

/** PGlite loads its WebAssembly with import(), which jest only allows with this Node flag. */
function explain(error: unknown): never {
  // the error comes from jest's own realm, so test its message rather than its class
  if (/experimental-vm-modules/.test(String((error as { message?: unknown } | null)?.message))) {
    throw new Error(
      "Backend tests need Node's --experimental-vm-modules (PGlite uses dynamic import()). " +
        "Run them with NODE_OPTIONS=--experimental-vm-modules (backend project only: msw in the unit project breaks with it).",
      { cause: error },
    );
  }
  throw error;
}

export async function startBackend(env: Partial<Record<(typeof ENV_KEYS)[number], string>> = {}): Promise<Backend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "passport-backend-"));
  for (const key of ENV_KEYS) delete process.env[key];
  Object.assign(process.env, { DATA_DIR: dataDir, ...env });
  await shutdownBackend(); // forget anything cached before the environment was set
  setClock(() => new Date(current));
  const logged: string[] = [];
  jest.spyOn(console, "info").mockImplementation((...args: unknown[]) => {
    logged.push(args.map(String).join(" "));
  });
  active = {
    dataDir,
    logged,
    advance(seconds) {
      current += seconds * 1000;
    },
    async stop() {
      await shutdownBackend();
      resetClock();
      jest.restoreAllMocks();
      fs.rmSync(dataDir, { recursive: true, force: true });
      active = null;
    },
  };
  await getDb().catch(explain);
  return active;
}

/** Stop the running backend, if any (safe in afterAll even when startBackend failed). */
export async function stopBackend(): Promise<void> {
  await active?.stop();
}

export type Reply = { status: number; code: number; data: Record<string, unknown> | undefined; message?: string };

export async function call(
  method: string,
  pathname: string,
  options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("utoken", options.token);
  let body: string | undefined;
  if (options.raw !== undefined || options.body !== undefined) {
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    body = options.raw ?? JSON.stringify(options.body);
  }
  const response = await handleServiceRequest(new Request(`http://localhost:3000${pathname}`, { method, headers, body }));
  const json = (await response.json()) as { code: number; data?: Record<string, unknown>; message?: string };
  return { status: response.status, code: json.code, data: json.data, message: json.message };
}

/** The code in the newest mail the outbox holds for this address. */
export async function lastCodeFor(email: string): Promise<string> {
  const db = await getDb();
  const [mail] = await db
    .select()
    .from(outboxMails)
    .where(eq(outboxMails.toAddress, email))
    .orderBy(desc(outboxMails.createdAt), desc(outboxMails.id))
    .limit(1);
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** verify/email then captcha: the nonce and the mailed code. */
export async function requestCode(
  email: string,
  type: "register" | "login" | "findpwd" | "delete" = "register",
  headers?: Record<string, string>,
): Promise<{ nonce: string; code: string; reply: Reply }> {
  const verified = await call("POST", "/v1/verify/email", { body: { email } });
  expect(verified.code).toBe(0);
  const nonce = String(verified.data?.nonce);
  const reply = await call("POST", "/v1/captcha", { body: { receiver: email, nonce, type }, headers });
  expect(reply.code).toBe(0);
  return { nonce, code: await lastCodeFor(email.trim().toLowerCase()), reply };
}

/** A registered account with a live session. */
export async function registerUser(
  email: string,
  password = "secret-pass1",
  headers?: Record<string, string>,
): Promise<{ utoken: string; uid: string }> {
  const { nonce, code } = await requestCode(email);
  const reply = await call("POST", "/v1/register", { body: { email, password, captcha: code, nonce }, headers });
  expect(reply.code).toBe(0);
  return { utoken: String(reply.data?.utoken), uid: String(reply.data?.uid) };
}
