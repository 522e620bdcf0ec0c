import fs from "node:fs";
import path from "node:path";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { challengeOf } from "../../support/challenge";
import type { VerificationScene } from "@/lib/contract/verification";
import { resetConfig } from "@/lib/backend/config";
import { servicesApp } from "@/lib/backend/http/app";
import { shutdownBackend, startServices } from "@/lib/backend/lifecycle";
import { settleSecurityNotices } from "@/lib/backend/services/security-notices";
import { explain, pgliteTemplate } from "./pglite-template";
import { scratchRoot } from "./scratch";
import { createTestDatabase, TEST_DATABASE } from "./postgres";
import { TEST_TIMEOUT } from "./timeouts";

export { pgliteTemplate };

/**
 * A real backend for one test file: PGlite in a fresh temporary DATA_DIR (or, in the suite's
 * PostgreSQL run, a fresh database of its own: support/postgres.ts), the outbox mailer, the
 * in-memory rate limits, a clock the test moves, and `call()` sending real Requests to the router.
 *
 * The clock: jest's fake timers replace `Date` only (timers, promises and performance stay
 * real, so PGlite and fetch behave normally). The services' clock module reads `Date`, and so
 * do the libraries that keep time on their own (rate-limiter-flexible's memory store,
 * altcha-lib's expiry check), so `advance()` moves all of them together.
 *
 * TRUST_PROXY is 1, so a test picks the caller's address with X-Forwarded-For, as one proxy in
 * front would set it; a call without one has no address, and all such calls share the services'
 * one "unknown" bucket of per-IP limits (give a test that makes many calls an address of its own). The proof of work is made cheap (ALTCHA_COST, ALTCHA_MAX_COUNTER):
 * tests solve real challenges the way the widget does, just with fewer attempts.
 * OPEN_TIMEOUT, the budget of the hooks that start one, is the suite's one budget (timeouts.ts).
 */
export const OPEN_TIMEOUT = TEST_TIMEOUT;

const ENV_KEYS = [
  "DATA_DIR",
  "DATABASE_URL",
  "SMTP_URL",
  "CODE_SECRET",
  "TRUST_PROXY",
  "MAIL_FROM",
  "REDIS_URL",
  "CAPTCHA_PROVIDER",
  "REGION",
  "ALTCHA_COST",
  "ALTCHA_MAX_COUNTER",
  "RECAPTCHA_SITE_KEY",
  "RECAPTCHA_SECRET",
  "RECAPTCHA_VERIFY_URL",
  "RECAPTCHA_MIN_SCORE",
  "ALIYUN_CAPTCHA_APP_KEY",
  "ALIYUN_ACCESS_KEY_ID",
  "ALIYUN_ACCESS_KEY_SECRET",
  "ALIYUN_CAPTCHA_ENDPOINT",
  "PORTAL_SERVICES_KEY",
  "IP_LIMIT_EXEMPT",
  "PRUNE_INTERVAL_SECONDS",
  "BULK_RUNNER_INTERVAL_SECONDS",
  "SOCIAL_PROVIDERS",
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_PUBLIC_URL",
  "LOG_LEVEL",
  "EXCHANGE_CODE_KEY",
  "SN_PASSWORD_KEY",
  "SAFETY_DEVICE_API_KEY",
  "TRAINING_VIDEO_URL",
  "TRAINING_VIDEO_CAPTIONS",
  "TRAINING_VIDEO_SECONDS",
  "COOKIE_SYNC_DOMAINS",
  "COOKIE_SYNC_TARGETS",
  "COOKIE_HTTP_ONLY",
  "CONSOLE_ALLOWED_IPS",
  "AUDIT_RETENTION_DAYS",
  "EMBED_ALLOWED_ORIGINS",
  "WEBAUTHN_RP_ID",
  "WEBAUTHN_RP_NAME",
  "WEBAUTHN_RELATED_ORIGINS",
  "PWNED_PASSWORDS_URL",
] as const;
/** Also the per-provider social settings (SOCIAL_GOOGLE_ISSUER, …) and the public addresses. */
export type BackendEnv = Partial<Record<(typeof ENV_KEYS)[number] | `SOCIAL_${string}` | "PUBLIC_ORIGIN" | "SERVICES_PUBLIC_URL" | "PORT", string>>;

/** Forget every variable a test may have set, the per-provider social ones included. */
function clearEnv(): void {
  for (const key of ENV_KEYS) delete process.env[key];
  for (const key of Object.keys(process.env)) {
    if (key.startsWith("SOCIAL_") || key === "PUBLIC_ORIGIN" || key === "SERVICES_PUBLIC_URL") delete process.env[key];
  }
}

const DEFAULT_ENV: BackendEnv = { TRUST_PROXY: "1", ALTCHA_COST: "50", ALTCHA_MAX_COUNTER: "30", LOG_LEVEL: "silent" };

/** Everything but Date stays real. */
const REAL_APIS = [
  "hrtime",
  "nextTick",
  "performance",
  "queueMicrotask",
  "requestAnimationFrame",
  "cancelAnimationFrame",
  "requestIdleCallback",
  "cancelIdleCallback",
  "setImmediate",
  "clearImmediate",
  "setInterval",
  "clearInterval",
  "setTimeout",
  "clearTimeout",
] as const;

export type Backend = {
  dataDir: string;
  advance(seconds: number): void;
  /** change some of the environment for the next requests (the database stays) */
  reconfigure(env: BackendEnv): void;
  stop(): Promise<void>;
};

let current = new Date("2026-03-01T08:00:00.000Z").getTime();
let active: Backend | null = null;

export async function startBackend(env: BackendEnv = {}): Promise<Backend> {
  const dataDir = fs.mkdtempSync(path.join(scratchRoot(), "passport-backend-"));
  let database: Awaited<ReturnType<typeof createTestDatabase>> | null = null;
  if (TEST_DATABASE === "postgres") database = await createTestDatabase();
  else fs.cpSync(path.join(await pgliteTemplate(), "pglite"), path.join(dataDir, "pglite"), { recursive: true });
  clearEnv();
  Object.assign(process.env, { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}), ...DEFAULT_ENV, ...env });
  await shutdownBackend(); // forget anything cached before the environment was set
  jest.useFakeTimers({ doNotFake: [...REAL_APIS], now: current });
  active = {
    dataDir,
    advance(seconds) {
      current += seconds * 1000;
      jest.setSystemTime(current);
    },
    reconfigure(next) {
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      resetConfig();
    },
    async stop() {
      await shutdownBackend();
      jest.useRealTimers();
      jest.restoreAllMocks();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
      active = null;
    },
  };
  await startServices().catch(explain);
  return active;
}

/** Stop the running backend, if any (safe in afterAll even when startBackend failed). */
export async function stopBackend(): Promise<void> {
  await active?.stop();
}

export type Reply = {
  status: number;
  code: number;
  data: Record<string, unknown> | undefined;
  message?: string;
  /** the Retry-After header, when present */
  retryAfter?: string;
};

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
  const response = await servicesApp().fetch(new Request(`http://localhost:3000${pathname}`, { method, headers, body }));
  const json = (await response.json()) as { code: number; data?: Record<string, unknown>; message?: string };
  // security notices are mailed after the answer: wait for them, so the outbox a test reads next is settled
  await settleSecurityNotices();
  const reply: Reply = { status: response.status, code: json.code, data: json.data, message: json.message };
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter !== null) reply.retryAfter = retryAfter;
  return reply;
}

/** A request with any body (multipart uploads) and the router's raw Response (files). */
export async function send(
  method: string,
  pathname: string,
  options: { body?: BodyInit; token?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("utoken", options.token);
  return servicesApp().fetch(new Request(`http://localhost:3000${pathname}`, { method, headers, body: options.body }));
}

/** The envelope of a raw Response, as `call` returns it. */
export async function envelope(response: Response): Promise<Reply> {
  const json = (await response.json()) as { code: number; data?: Record<string, unknown>; message?: string };
  return { status: response.status, code: json.code, data: json.data, message: json.message };
}

/** The outbox's mail files (DATA_DIR/outbox/<time>-<to>.txt) to this address, oldest first. */
export function outboxFiles(email: string): Array<{ name: string; text: string }> {
  const dir = path.join(active?.dataDir ?? "", "outbox");
  if (!active || !fs.existsSync(dir)) return [];
  const to = `To: ${email}\n`;
  // in the order written: names carry the test clock's time, which may stand still
  return fs
    .readdirSync(dir)
    .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), "utf8"), written: fs.statSync(path.join(dir, name)).ctimeMs }))
    .sort((a, b) => a.written - b.written || a.name.localeCompare(b.name))
    .filter((file) => file.text.startsWith(to))
    .map(({ name, text }) => ({ name, text }));
}

/**
 * The code in the newest mail the outbox wrote for this address. Mails written at the same
 * (test) instant are told apart by `seen`: the files that existed before the request.
 */
export async function lastCodeFor(email: string, seen: ReadonlySet<string> = new Set()): Promise<string> {
  const fresh = outboxFiles(email).filter((file) => !seen.has(file.name));
  const instant = (name: string) => name.slice(0, 24);
  if (fresh.length > 1 && instant(fresh.at(-1)?.name ?? "") === instant(fresh.at(-2)?.name ?? "")) {
    throw new Error(`several mails to ${email} at the same instant: pass the files seen before`);
  }
  const code = fresh.at(-1)?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export async function mailIds(email: string): Promise<Set<string>> {
  return new Set(outboxFiles(email).map((file) => file.name));
}

type LogLine = Record<string, unknown>;
/** Resolves with the first line `match` accepts, among those already written and those to come. */
export type LogWaiter = (match: (line: LogLine) => boolean) => Promise<LogLine>;

const parseLines = (text: string): LogLine[] =>
  text
    .split("\n")
    // the services' lines only: jest writes a library's console.warn to the same stream
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

/**
 * The services' log lines (one JSON object each) written while `run` runs, at `level` and above.
 * The harness logs nothing otherwise (LOG_LEVEL=silent). `run` may wait for a line (`heard`):
 * what the services do after a caller has its answer is over when its line is written.
 */
export async function captureLog<T>(run: (heard: LogWaiter) => Promise<T>, level = "info"): Promise<{ result: T; lines: LogLine[]; text: string }> {
  const chunks: string[] = [];
  const waiters: Array<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }> = [];
  const complete = () => {
    const text = chunks.join("");
    return parseLines(text.slice(0, text.lastIndexOf("\n") + 1));
  };
  const heard: LogWaiter = (match) =>
    new Promise((resolve) => {
      const found = complete().find(match);
      if (found) resolve(found);
      else waiters.push({ match, resolve });
    });
  const before = process.env.LOG_LEVEL;
  active?.reconfigure({ LOG_LEVEL: level });
  const spy = jest.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    const lines = complete();
    for (const waiter of waiters.splice(0)) {
      const found = lines.find(waiter.match);
      if (found) waiter.resolve(found);
      else waiters.push(waiter);
    }
    return true;
  });
  try {
    const result = await run(heard);
    const text = chunks.join("");
    return { result, lines: parseLines(text), text };
  } finally {
    spy.mockRestore();
    active?.reconfigure({ LOG_LEVEL: before });
  }
}

export { challengeOf };

/** GET /v1/verify/challenge, as the widget fetches it. */
export async function fetchChallenge(scene: VerificationScene, email: string, headers?: Record<string, string>): Promise<Challenge> {
  const query = new URLSearchParams({ scene, email });
  const reply = await call("GET", `/v1/verify/challenge?${query}`, { headers });
  expect(reply.code).toBe(0);
  return challengeOf(reply.data);
}

/**
 * Solve a challenge with altcha-lib and encode it as the widget does (base64 JSON). The solver's
 * time limit is the suite's one budget (timeouts.ts): it only ends a search that cannot succeed.
 * At 20 s, 100 solves at once (exchange.test.ts) on a machine at load 28 ran past it.
 */
export async function solvePayload(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: TEST_TIMEOUT });
  if (!solution) throw new Error("could not solve the challenge");
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/** A human-verification ticket the real way: challenge, proof of work, POST /v1/verify/pow. */
export async function ticketFor(scene: VerificationScene, email: string, headers?: Record<string, string>): Promise<string> {
  const payload = await solvePayload(await fetchChallenge(scene, email, headers));
  const reply = await call("POST", "/v1/verify/pow", { body: { scene, email, payload }, headers });
  expect(reply).toMatchObject({ code: 0, data: { expiresIn: 120 } });
  return String(reply.data?.ticket);
}

/** verify/email, a ticket, then captcha (a code request may be refused: see `reply`). */
export async function askForCode(
  email: string,
  type: "register" | "login" | "findpwd" | "delete" | "security" | "step_up" = "register",
  headers?: Record<string, string>,
): Promise<{ nonce: string; reply: Reply }> {
  const verified = await call("POST", "/v1/verify/email", { body: { email }, headers });
  expect(verified.code).toBe(0);
  const nonce = String(verified.data?.nonce);
  const ticket = await ticketFor(type, email, headers);
  const reply = await call("POST", "/v1/captcha", { body: { receiver: email, nonce, type, ticket }, headers });
  return { nonce, reply };
}

/** verify/email, a ticket, then captcha: the nonce and the mailed code. */
export async function requestCode(
  email: string,
  type: "register" | "login" | "findpwd" | "delete" | "security" | "step_up" = "register",
  headers?: Record<string, string>,
): Promise<{ nonce: string; code: string; reply: Reply }> {
  const address = email.trim().toLowerCase();
  const seen = await mailIds(address);
  const { nonce, reply } = await askForCode(email, type, headers);
  expect(reply.code).toBe(0);
  return { nonce, code: await lastCodeFor(address, seen), reply };
}

/** The same code request again, with a fresh ticket (for resend waits and caps). */
export async function resendCode(
  email: string,
  nonce: string,
  type: "register" | "login" | "findpwd" | "delete" | "security" | "step_up" = "register",
  headers?: Record<string, string>,
): Promise<Reply> {
  const ticket = await ticketFor(type, email, headers);
  return call("POST", "/v1/captcha", { body: { receiver: email, nonce, type, ticket }, headers });
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

/** A caller at this address, as the one trusted proxy in front says (TRUST_PROXY=1 in tests). */
export function fromIp(ip: string): Record<string, string> {
  return { "x-forwarded-for": ip };
}

/**
 * A step-up proof for the session (services/step-up.ts): with the password when given, else
 * (an account without one) with an emailed code of purpose "step_up".
 */
export async function proveStepUp(token: string, email: string, password?: string): Promise<void> {
  const body = password === undefined ? await (async () => {
    const { nonce, code } = await requestCode(email, "step_up");
    return { captcha: code, nonce };
  })() : { password };
  expect(await call("POST", "/v1/user/step-up", { token, body })).toMatchObject({ code: 0 });
}
