/**
 * `npm run bench` (docs/performance.md): the portal's production build against a bare Next app
 * (bench/baseline), one run on one machine, as a table of ratios and goals.
 *
 *   npm run bench                 the table on stdout, progress on stderr
 *   npm run --silent bench -- --json > bench.json
 *                                 the numbers as JSON on stdout instead of the table
 *
 * Environment: BENCH_SECONDS (per load measurement, default 12), BENCH_ROUNDS (default 3: each
 * measurement is cut into that many rounds, taken in turn with its reference's), BENCH_CONNECTIONS (default 8),
 * BENCH_BASE_PORT (default 3900: the portal +0, the baseline +1, the cold-start servers +2, +3).
 * It never builds the portal: without `.next` it stops and says to run `npm run build`. It builds
 * the baseline when bench/baseline/.next is missing or the baseline's sources changed since, and says so.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createHash } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { enrolPasskey, passkeySignIn, passwordSignIn, signInLoop } from "./passkey-sign-in";

const ROOT = path.resolve(__dirname, "..");
const BASELINE_DIR = path.join(ROOT, "bench", "baseline");
const NEXT_BIN = path.join(ROOT, "node_modules", ".bin", "next");
const TSX_BIN = path.join(ROOT, "node_modules", ".bin", "tsx");
const NODE_BIN = path.join(ROOT, "node_modules", ".bin", "node");

const SECONDS = positiveNumber("BENCH_SECONDS", 12);
const ROUNDS = Math.max(1, Math.round(positiveNumber("BENCH_ROUNDS", 3)));
const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 8);
const BASE_PORT = positiveNumber("BENCH_BASE_PORT", 3900);
const WARMUP_SECONDS = Math.min(2, SECONDS);
const JSON_OUTPUT = process.argv.includes("--json");
/** gzip level of the JS byte counts (zlib's best; the default, 6, gives a few per cent more) */
const GZIP_LEVEL = 9;
const PUBLIC_PAGES = ["login", "register", "findpwd", "login-business"].flatMap((page) => ["en", "zh"].map((lang) => `/${lang}/${page}`));

const PORTS = { portal: BASE_PORT, baseline: BASE_PORT + 1, coldPortal: BASE_PORT + 2, coldBaseline: BASE_PORT + 3 };
/**
 * BENCH_DATABASE_URL: a PostgreSQL database for the portal of the load measurements (the cold
 * start always opens the embedded one). Never printed: it may hold a password.
 */
const DATABASE_URL = process.env.BENCH_DATABASE_URL?.trim() || null;
const DATABASE = DATABASE_URL ? "PostgreSQL (BENCH_DATABASE_URL)" : "the embedded PGlite";
/** a new address on every run, so a run against a kept PostgreSQL database finds none before it */
const ACCOUNT = { email: `bench-${Date.now().toString(36)}@example.test`, password: "bench-Password-0123" };

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`${name} must be a positive number, not ${JSON.stringify(raw)}\n`);
    process.exit(2);
  }
  return value;
}

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

// ---------------------------------------------------------------------------------------------
// Child processes: each in its own process group, all ended at the end, on error and on Ctrl-C.

type Child = { name: string; process: ChildProcess; output: string[]; exited: Promise<number | null> };
const children = new Set<Child>();
const tempDirs = new Set<string>();

/** Only what the servers need from the caller's environment, so a shell's DATABASE_URL or SMTP_URL never leaks in. */
function baseEnv(): NodeJS.ProcessEnv {
  const keep = ["PATH", "HOME", "USER", "SHELL", "LANG", "LC_ALL", "TZ", "TMPDIR", "UV_THREADPOOL_SIZE", "SESSION_SECRET"];
  const env: Record<string, string> = {};
  for (const key of keep) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", NODE_OPTIONS: "--dns-result-order=ipv4first", LOG_LEVEL: "warn" };
}

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => {
    child.on("exit", (code) => resolve(code));
    child.on("error", (error) => {
      output.push(String(error));
      resolve(-1);
    });
  });
  const entry: Child = { name, process: child, output, exited };
  children.add(entry);
  void exited.then(() => children.delete(entry));
  return entry;
}

function signalGroup(child: Child, signal: NodeJS.Signals): void {
  const pid = child.process.pid;
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // the group is gone already
  }
}

async function stop(child: Child): Promise<void> {
  if (!children.has(child)) return;
  signalGroup(child, "SIGTERM");
  const ended = await Promise.race([child.exited.then(() => true), sleep(5000).then(() => false)]);
  if (!ended) {
    signalGroup(child, "SIGKILL");
    await child.exited;
  }
  children.delete(child);
}

async function cleanup(): Promise<void> {
  await Promise.all([...children].map(stop));
  await Promise.all([...tempDirs].map((dir) => rm(dir, { recursive: true, force: true })));
  tempDirs.clear();
}

process.on("exit", () => {
  for (const child of children) signalGroup(child, "SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping the servers`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function tempDir(tag: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `passport-bench-${tag}-`));
  tempDirs.add(dir);
  return dir;
}

async function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = start(name, command, args, env);
  const code = await child.exited;
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${child.output.join("").slice(-3000)}`);
  return child.output.join("");
}

// ---------------------------------------------------------------------------------------------
// Servers

const url = (port: number, pathname: string) => `http://127.0.0.1:${port}${pathname}`;

/** Polls until `pathname` answers 200; returns the seconds since `since`. */
async function waitFor200(child: Child, port: number, pathname: string, since: number, timeoutSeconds = 120): Promise<number> {
  let exited = false;
  void child.exited.then(() => {
    exited = true;
  });
  while (performance.now() - since < timeoutSeconds * 1000) {
    if (exited) throw new Error(`${child.name} stopped before answering:\n${child.output.join("").slice(-3000)}`);
    try {
      const response = await fetch(url(port, pathname), { redirect: "manual" });
      await response.arrayBuffer();
      if (response.status === 200) return (performance.now() - since) / 1000;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`${child.name}: no 200 from ${pathname} within ${timeoutSeconds} s:\n${child.output.join("").slice(-3000)}`);
}

async function startPortal(name: string, port: number, dataDir: string, extra: Record<string, string> = {}): Promise<{ child: Child; seconds: number }> {
  const env = { ...baseEnv(), ...extra, PORT: String(port), DATA_DIR: dataDir, IP_LIMIT_EXEMPT: "127.0.0.1" };
  const since = performance.now();
  // what `npm start` runs: the portal's own server (server.ts)
  const child = start(name, NODE_BIN, ["--import", "tsx", "server.ts", "-H", "localhost", "-p", String(port)], env);
  return { child, seconds: await waitFor200(child, port, "/en/login", since) };
}

async function startBaseline(name: string, port: number): Promise<{ child: Child; seconds: number }> {
  const since = performance.now();
  const child = start(name, NEXT_BIN, ["start", BASELINE_DIR, "-H", "localhost", "-p", String(port)], { ...baseEnv(), PORT: String(port) });
  return { child, seconds: await waitFor200(child, port, "/static", since) };
}

// ---------------------------------------------------------------------------------------------
// Measurements

type Load = { perSecond: number; p50: number; p99: number; requests: number; bad: number };

type Target = { port: number; path: string; method?: "GET" | "POST"; headers?: Record<string, string>; body?: string; ok: (status: number, body: string) => boolean };

async function load(target: Target, seconds: number): Promise<Load> {
  let bad = 0;
  const result = await autocannon({
    url: url(target.port, "/"),
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: target.method ?? "GET",
        path: target.path,
        headers: target.headers,
        body: target.body,
        onResponse: (status: number, body: string) => {
          if (!target.ok(status, body)) bad += 1;
        },
      },
    ],
  });
  bad += result.errors + result.timeouts;
  const perSecond = result.duration > 0 ? result.requests.total / result.duration : 0;
  return { perSecond, p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total, bad };
}

/** One side of a comparison: a round of load of the given length. */
type Side = { label: string; warm: boolean; round: (seconds: number) => Promise<Load> };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The rounds of one side as one measurement: the mean rate, the median p50, the worst p99. */
function combine(rounds: Load[]): Load {
  return {
    perSecond: rounds.reduce((sum, round) => sum + round.perSecond, 0) / Math.max(1, rounds.length),
    p50: median(rounds.map((round) => round.p50)),
    p99: Math.max(0, ...rounds.map((round) => round.p99)),
    requests: rounds.reduce((sum, round) => sum + round.requests, 0),
    bad: rounds.reduce((sum, round) => sum + round.bad, 0),
  };
}

/**
 * A measurement and its references, in turns: a warm-up of each (not counted), then ROUNDS rounds
 * of SECONDS / ROUNDS each, every side in turn, so a slower stretch of a shared machine meets
 * all sides alike instead of one whole measurement.
 */
async function compare<T extends Side[]>(...sides: T): Promise<{ [K in keyof T]: Load }> {
  const seconds = SECONDS / ROUNDS;
  log(`${sides.map((side) => side.label).join(" vs ")}: ${ROUNDS} rounds of ${round(seconds, 1)} s each, in turns, at ${CONNECTIONS} connections`);
  for (const side of sides) if (side.warm) await side.round(WARMUP_SECONDS);
  const rounds: Load[][] = sides.map(() => []);
  for (let i = 0; i < ROUNDS; i += 1) {
    for (const [at, side] of sides.entries()) rounds[at]?.push(await side.round(seconds));
  }
  const results = rounds.map(combine);
  for (const [at, side] of sides.entries()) {
    const result = results[at];
    if (result && result.bad > 0) log(`${side.label}: ${result.bad} of ${result.requests} answers were not the expected ones`);
  }
  return results as { [K in keyof T]: Load };
}

const http = (label: string, target: Target): Side => ({ label, warm: true, round: (seconds) => load(target, seconds) });

async function rawArgon2(seconds: number): Promise<Load> {
  const env = { ...baseEnv(), BENCH_SECONDS: String(seconds), BENCH_CONCURRENCY: String(CONNECTIONS) };
  const out = await run("argon2 verify", TSX_BIN, [path.join("bench", "argon2-verify.ts")], env);
  const line = out.trim().split("\n").at(-1) ?? "";
  const parsed = JSON.parse(line) as { verifies: number; perSecond: number; p50: number; p99: number };
  return { perSecond: parsed.perSecond, p50: parsed.p50, p99: parsed.p99, requests: parsed.verifies, bad: 0 };
}

/** Every `<script src>` of the page that is not `noModule`, fetched and gzipped; the sum in bytes. */
async function gzipJsBytes(port: number, pathname: string): Promise<{ bytes: number; scripts: number; error?: string }> {
  const page = await fetch(url(port, pathname));
  if (page.status !== 200) {
    await page.arrayBuffer();
    log(`GET ${pathname} answered ${page.status}: its JS is not counted`);
    return { bytes: 0, scripts: 0, error: `GET ${pathname} answered ${page.status}` };
  }
  const html = await page.text();
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>/gi)) {
    const attributes = match[1] ?? "";
    if (/\snomodule(\s|=|$)/i.test(attributes)) continue;
    const src = /\ssrc=(?:"([^"]*)"|'([^']*)')/i.exec(attributes);
    const value = src?.[1] ?? src?.[2];
    if (value) sources.add(new URL(value.replace(/&amp;/g, "&"), url(port, pathname)).href);
  }
  let bytes = 0;
  for (const source of sources) {
    const script = await fetch(source);
    if (script.status !== 200) throw new Error(`GET ${source}: ${script.status}`);
    bytes += gzipSync(Buffer.from(await script.arrayBuffer()), { level: GZIP_LEVEL }).length;
  }
  return { bytes, scripts: sources.size };
}

/** The bytes of a page's HTML as served (no compression asked for, as in the load measurements). */
async function pageBytes(port: number, pathname: string): Promise<number> {
  const response = await fetch(url(port, pathname), { headers: { "accept-encoding": "identity" } });
  return (await response.arrayBuffer()).byteLength;
}

async function signIn(port: number): Promise<string> {
  const response = await fetch(url(port, "/v1/login"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(ACCOUNT),
  });
  const body = (await response.json()) as { code?: number; data?: { utoken?: string } };
  const token = body.data?.utoken;
  if (response.status !== 200 || body.code !== 0 || !token) throw new Error(`POST /v1/login: ${response.status} ${JSON.stringify(body)}`);
  return token;
}

/** The cookies a browser holds after its first signed-in page view (utoken, then what the portal set). */
async function browserCookies(port: number, pathname: string, token: string): Promise<string> {
  const jar = new Map<string, string>([["utoken", token]]);
  const header = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(url(port, pathname), { headers: { cookie: header() }, redirect: "manual" });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`GET ${pathname} signed in: ${response.status} ${response.headers.get("location") ?? ""}`);
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const at = pair?.indexOf("=") ?? -1;
    if (pair && at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return header();
}

// ---------------------------------------------------------------------------------------------
// The report

type Row = { measure: string; unit: string; portal: number | null; baseline: number; ratio: number; goal: string; pass: boolean | null; note?: string };

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** A load's rate, p50 and p99 against its reference's; without a goal the rate is shown for scale. */
function loadRows(label: string, unit: string, portal: Load, baseline: Load, goal: number | null): Row[] {
  const note = portal.bad + baseline.bad > 0 ? `${portal.bad} + ${baseline.bad} unexpected answers` : undefined;
  const ratio = baseline.perSecond > 0 ? portal.perSecond / baseline.perSecond : 0;
  return [
    {
      measure: `${label} ${unit}`,
      unit,
      portal: round(portal.perSecond, 1),
      baseline: round(baseline.perSecond, 1),
      ratio: round(ratio, 2),
      goal: goal === null ? "" : `≥ ${goal}×`,
      pass: goal === null ? (portal.bad === 0 ? null : false) : ratio >= goal && portal.bad === 0,
      note,
    },
    { measure: `${label} p50 ms`, unit: "ms", portal: portal.p50, baseline: round(baseline.p50, 1), ratio: round(baseline.p50 > 0 ? portal.p50 / baseline.p50 : 0, 2), goal: "", pass: null },
    { measure: `${label} p99 ms`, unit: "ms", portal: portal.p99, baseline: round(baseline.p99, 1), ratio: round(baseline.p99 > 0 ? portal.p99 / baseline.p99 : 0, 2), goal: "", pass: null },
  ];
}

function table(rows: Row[]): string {
  const header = ["measure", "portal", "baseline", "ratio", "goal", "pass/fail"];
  const cells = rows.map((row) => [
    row.measure,
    row.portal === null ? "error" : String(row.portal),
    String(row.baseline),
    row.ratio ? row.ratio.toFixed(2) : "-",
    row.goal || "-",
    row.pass === null ? "" : row.pass ? "pass" : "FAIL",
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => (cell[i] ?? "").length)));
  const line = (cell: string[]) => cell.map((value, i) => (i === 0 ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0))).join("  ").trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...cells.map(line)].join("\n");
}

/** A digest of the baseline's sources (its config and app/), so a changed baseline is built again. */
async function baselineSources(): Promise<string> {
  const app = await readdir(path.join(BASELINE_DIR, "app"), { recursive: true });
  const files = ["next.config.mjs", ...app.filter((file) => /\.(tsx?|css)$/.test(file)).map((file) => path.join("app", file))].sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(`${file}\0`).update(await readFile(path.join(BASELINE_DIR, file))).update("\0");
  return hash.digest("hex");
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    process.stderr.write("No production build of the portal (.next): run `npm run build` first.\n");
    process.exitCode = 1;
    return;
  }
  const sources = await baselineSources();
  const stamp = path.join(BASELINE_DIR, ".next", "bench-sources");
  const built = existsSync(path.join(BASELINE_DIR, ".next", "BUILD_ID")) && existsSync(stamp) ? await readFile(stamp, "utf8") : null;
  if (built !== sources) {
    log(`the baseline app ${built === null ? "has no build yet" : "changed since its build"}: building it now (next build bench/baseline --webpack)`);
    await run("baseline build", NEXT_BIN, ["build", BASELINE_DIR, "--webpack"], baseEnv());
    await writeFile(stamp, sources);
  }

  const started = Date.now();
  // 1. Cold starts first, on a quiet machine: an empty DATA_DIR, the server's start to the first 200.
  log("cold start: portal with an empty DATA_DIR, npm start's server → first 200 of /en/login");
  const cold = await startPortal("portal (cold start)", PORTS.coldPortal, await tempDir("cold"));
  await stop(cold.child);
  log("cold start: baseline, next start → first 200 of /static");
  const coldBaseline = await startBaseline("baseline (cold start)", PORTS.coldBaseline);
  await stop(coldBaseline.child);

  // 2. The servers of the load measurements; the account exists before the portal opens its data.
  const dataDir = await tempDir("portal");
  log("creating the bench account (bench/create-account.ts)");
  const database: Record<string, string> = DATABASE_URL ? { DATABASE_URL } : {};
  log(`database of the load measurements: ${DATABASE}`);
  await run("create account", TSX_BIN, [path.join("bench", "create-account.ts")], { ...baseEnv(), ...database, DATA_DIR: dataDir, BENCH_EMAIL: ACCOUNT.email, BENCH_PASSWORD: ACCOUNT.password });
  log(`starting the portal (:${PORTS.portal}) and the baseline (:${PORTS.baseline})`);
  const [portal, baseline] = await Promise.all([startPortal("portal", PORTS.portal, dataDir, database), startBaseline("baseline", PORTS.baseline)]);

  const html = (status: number) => status === 200;
  // 3. One load at a time, each with its reference in turns.
  // the login page against the bare static page (the goal), and against a bare page of its own
  // shape (its route, rewrite and size: bench/baseline/app/[lang]/login/[variant]), all in turns
  const [staticPortal, staticBaseline, shapeBaseline] = await compare(
    http("portal GET /en/login", { port: PORTS.portal, path: "/en/login", ok: html }),
    http("baseline GET /static", { port: PORTS.baseline, path: "/static", ok: html }),
    http("baseline GET /en/login (the login page's shape)", { port: PORTS.baseline, path: "/en/login", ok: html }),
  );
  const htmlBytes = { portal: await pageBytes(PORTS.portal, "/en/login"), shape: await pageBytes(PORTS.baseline, "/en/login"), static: await pageBytes(PORTS.baseline, "/static") };

  const token = await signIn(PORTS.portal);
  const cookie = await browserCookies(PORTS.portal, "/en/profile/settings", token);
  const [dynamicPortal, dynamicBaseline] = await compare(
    http("portal GET /en/profile/settings (signed in)", { port: PORTS.portal, path: "/en/profile/settings", headers: { cookie }, ok: html }),
    http("baseline GET /dynamic (cookie)", { port: PORTS.baseline, path: "/dynamic", headers: { cookie: `utoken=${token}` }, ok: html }),
  );
  // the settings page is a static shell: its browser then reads the user's data from here
  const [dataPortal, dataBaseline] = await compare(
    http("portal GET /api/profile (the settings page's data)", {
      port: PORTS.portal,
      path: "/api/profile?lang=en",
      headers: { cookie, "sec-fetch-site": "same-origin" },
      ok: (status, body) => status === 200 && body.startsWith('{"ok":true'),
    }),
    http("baseline GET /dynamic (cookie)", { port: PORTS.baseline, path: "/dynamic", headers: { cookie: `utoken=${token}` }, ok: html }),
  );

  // the raw verify rate in a Node process of its own (the servers idle meanwhile)
  const [loginPortal, argon2] = await compare(
    http("portal POST /v1/login", {
      port: PORTS.portal,
      path: "/v1/login",
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ACCOUNT),
      ok: (status, body) => status === 200 && body.includes('"code":0'),
    }),
    { label: "raw argon2id verify (bench/argon2-verify.ts)", warm: false, round: rawArgon2 },
  );
  // a passkey sign-in against a password sign-in, each as a client makes it (passkey: two calls, no argon2)
  const portalBase = url(PORTS.portal, "");
  const device = await enrolPasskey(portalBase, ACCOUNT, `http://localhost:${PORTS.portal}`);
  const [passkeyLogin, passwordLogin] = await compare(
    { label: "passkey sign-in (options + POST /v1/login/passkey)", warm: true, round: (seconds) => signInLoop(seconds, CONNECTIONS, () => passkeySignIn(portalBase, device)) },
    { label: "password sign-in (POST /v1/login)", warm: true, round: (seconds) => signInLoop(seconds, CONNECTIONS, () => passwordSignIn(portalBase, ACCOUNT)) },
  );
  log(`gzip (level ${GZIP_LEVEL}) JS bytes of ${PUBLIC_PAGES.length} public pages and of the baseline's static page`);
  const baselineJs = await gzipJsBytes(PORTS.baseline, "/static");
  if (baselineJs.error) throw new Error(`baseline: ${baselineJs.error}`);
  const pages: { page: string; bytes: number; scripts: number; error?: string }[] = [];
  for (const page of PUBLIC_PAGES) pages.push({ page, ...(await gzipJsBytes(PORTS.portal, page)) });
  await Promise.all([stop(portal.child), stop(baseline.child)]);

  const rows: Row[] = [
    ...loadRows("GET /en/login vs static", "req/s", staticPortal, staticBaseline, 0.8),
    ...loadRows("GET /en/login vs its shape", "req/s", staticPortal, shapeBaseline, null).slice(0, 1),
    ...loadRows("signed-in settings vs dynamic", "req/s", dynamicPortal, dynamicBaseline, 0.7),
    ...loadRows("its data /api/profile vs dynamic", "req/s", dataPortal, dataBaseline, null),
    ...loadRows("POST /v1/login vs argon2id verify", "/s", loginPortal, argon2, 0.7),
    ...loadRows("passkey sign-ins vs password sign-ins", "/s", passkeyLogin, passwordLogin, 2),
    { measure: "cold start s (empty DATA_DIR)", unit: "s", portal: round(cold.seconds, 2), baseline: round(coldBaseline.seconds, 2), ratio: round(cold.seconds / coldBaseline.seconds, 2), goal: "≤ 6 s", pass: cold.seconds <= 6 },
    ...pages.map((page): Row => ({
      measure: `JS gzip KiB ${page.page}`,
      unit: "KiB",
      portal: page.error ? null : round(page.bytes / 1024, 1),
      baseline: round(baselineJs.bytes / 1024, 1),
      ratio: page.error ? 0 : round(page.bytes / baselineJs.bytes, 2),
      // the same budget as tests/e2e/budget.spec.ts
      goal: "≤ 160 KiB",
      pass: !page.error && page.bytes <= 160 * 1024,
      note: page.error,
    })),
  ];

  const cpus = os.cpus();
  const machine = { cpus: cpus.length, model: cpus[0]?.model ?? "unknown", loadAverage: os.loadavg().map((value) => round(value, 2)), node: process.version, platform: `${os.platform()} ${os.release()}` };
  const settings = { seconds: SECONDS, rounds: ROUNDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, gzipLevel: GZIP_LEVEL, basePort: BASE_PORT, database: DATABASE_URL ? "postgresql" : "pglite" };
  if (JSON_OUTPUT) {
    const raw = { staticPortal, staticBaseline, shapeBaseline, htmlBytes, dynamicPortal, dynamicBaseline, dataPortal, dataBaseline, loginPortal, argon2, passkeyLogin, passwordLogin, coldStart: { portal: cold.seconds, baseline: coldBaseline.seconds }, js: { pages, baseline: baselineJs } };
    process.stdout.write(`${JSON.stringify({ date: new Date().toISOString(), machine, settings, rows, raw }, null, 2)}\n`);
  } else {
    process.stdout.write(`${table(rows)}\n\n`);
    for (const row of rows) if (row.note) process.stdout.write(`note: ${row.measure}: ${row.note}\n`);
    process.stdout.write(
      `note: what Next itself allows a page of the login page's shape: the baseline's /en/login (${htmlBytes.shape} bytes of HTML; the portal's ${htmlBytes.portal}, ` +
        `the static page's ${htmlBytes.static}) serves ${round(shapeBaseline.perSecond / Math.max(1, staticBaseline.perSecond), 2)} of the static page's rate in this run.\n`,
    );
    process.stdout.write(
      `${new Date().toISOString()}, ${machine.cpus} × ${machine.model}, load average ${machine.loadAverage.join(" ")}, Node ${machine.node}; ` +
        `${SECONDS} s per load measurement in ${ROUNDS} rounds taken in turns with its reference, at ${CONNECTIONS} connections after ${WARMUP_SECONDS} s of warm-up; ` +
        `KiB = 1024 bytes, gzip level ${GZIP_LEVEL}; database ${DATABASE}; ` +
        `run took ${Math.round((Date.now() - started) / 1000)} s.\n`,
    );
  }
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
