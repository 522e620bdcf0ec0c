/**
 * `npm run bench` (docs/performance.md): the portal's production build against a bare Next app
 * (bench/baseline), one run on one machine, as a table of ratios and goals; then, per core,
 * against Keycloak's and ZITADEL's published figures (bench/per-core/), on PGlite and PostgreSQL.
 *
 *   npm run bench                 both tables on stdout, progress on stderr
 *   npm run --silent bench -- --json > bench.json
 *                                 the numbers as JSON on stdout instead of the tables
 *   npm run bench -- --only baseline|sign-in|api|writes|oidc[,…] --db pglite|postgresql[,…]
 *                                 only those parts (the per-core ones only on those databases)
 *   npm run bench -- --part=console-search
 *                                 only the operator console's user search over one million
 *                                 accounts on PostgreSQL (bench/console-search.ts; also the last
 *                                 part of a full run; BENCH_USERS to change the count,
 *                                 BENCH_CONSOLE_DB=pglite for the embedded database)
 *   npm run bench -- --part=data-scale
 *                                 only the costs as the data grows: 10 000 then 1 000 000 accounts
 *                                 on a throwaway PostgreSQL (bench/data-scale.ts, +7; also the very
 *                                 last part of a full run)
 *   npm run bench -- --part=passkey-sign-in
 *                                 only passkey sign-ins per second against password sign-ins
 *                                 (bench/passkey-sign-in.ts; also a line of the full table)
 *   npm run bench -- --part=lighthouse
 *                                 only Lighthouse's mobile and desktop scores of /en/login and the
 *                                 signed-in settings page (bench/lighthouse/; also the last part
 *                                 of a full run; BENCH_LIGHTHOUSE_RUNS, default 3)
 *
 * Environment: BENCH_SECONDS (per load measurement, default 12), BENCH_ROUNDS (default 3: each
 * measurement is cut into that many rounds, taken in turn with its reference's), BENCH_CONNECTIONS (default 8),
 * BENCH_BASE_PORT (default 3900: the portal +0, the baseline +1, the cold-start servers +2, +3,
 * the per-core portal +4 and its PostgreSQL +5, the console search's PostgreSQL +6,
 * the data-scale part's +7, the Lighthouse portal +9, its Chromium +10 and its bare Next app +11), BENCH_PER_CORE_SECONDS (default 10),
 * BENCH_PER_CORE_CONNECTIONS (default 4).
 * It never builds the portal: without `.next` it stops and says to run `npm run build`. It builds
 * the baseline when bench/baseline/.next is missing or the baseline's sources changed since, and says so.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { perCoreSection } from "./per-core/section";
import { DATABASES, PARTS, parseArgs } from "./per-core/maths";
import { lines as perCoreLines, notes as perCoreNotes, table as perCoreTable } from "./per-core/report";
import { enrolPasskey, passkeySignIn, passwordSignIn, signInLoop } from "./passkey-sign-in";
import { baseEnv, cleanup, log, ROOT, run, start, startPortal, stop, tempDir, TSX_BIN, url, waitFor200, type Child } from "./children";
import { groupCpuSeconds } from "./per-core/cpu";
import { startPostgres } from "./per-core/postgres";
import { lighthousePart } from "./lighthouse/part";
import { cookieHeader, signedInCookies, signIn } from "./signed-in";

const BASELINE_DIR = path.join(ROOT, "bench", "baseline");
const NEXT_BIN = path.join(ROOT, "node_modules", ".bin", "next");

const SECONDS = positiveNumber("BENCH_SECONDS", 12);
const ROUNDS = Math.max(1, Math.round(positiveNumber("BENCH_ROUNDS", 3)));
const CONNECTIONS = positiveNumber("BENCH_CONNECTIONS", 8);
const BASE_PORT = positiveNumber("BENCH_BASE_PORT", 3900);
const WARMUP_SECONDS = Math.min(2, SECONDS);
/** gzip level of the JS byte counts (zlib's best; the default, 6, gives a few per cent more) */
const GZIP_LEVEL = 9;
const PUBLIC_PAGES = ["login", "register", "findpwd", "login-business"].flatMap((page) => ["en", "zh"].map((lang) => `/${lang}/${page}`));

/** BENCH_PER_CORE_SECONDS: length of each per-core load measurement (default 10), after 2 s of warm-up. */
const PER_CORE_SECONDS = positiveNumber("BENCH_PER_CORE_SECONDS", 10);
/**
 * BENCH_PER_CORE_CONNECTIONS (default 4): enough to keep the servers' one core busy (one sign-in
 * hashes on a libuv thread while another's JavaScript runs), few enough that a journey's latency
 * stays short beside the measured seconds (the journeys in flight at its two ends are not counted).
 */
const PER_CORE_CONNECTIONS = positiveNumber("BENCH_PER_CORE_CONNECTIONS", 4);

/** the per-core part's portal on +4 and its PostgreSQL on +5 */
const PORTS = { portal: BASE_PORT, baseline: BASE_PORT + 1, coldPortal: BASE_PORT + 2, coldBaseline: BASE_PORT + 3, perCore: BASE_PORT + 4 };
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

/** The bare Next app's build, made when it is missing or its sources changed since. */
async function ensureBaselineBuilt(): Promise<void> {
  const sources = await baselineSources();
  const stamp = path.join(BASELINE_DIR, ".next", "bench-sources");
  const built = existsSync(path.join(BASELINE_DIR, ".next", "BUILD_ID")) && existsSync(stamp) ? await readFile(stamp, "utf8") : null;
  if (built !== sources) {
    log(`the baseline app ${built === null ? "has no build yet" : "changed since its build"}: building it now (next build bench/baseline --webpack)`);
    await run("baseline build", NEXT_BIN, ["build", BASELINE_DIR, "--webpack"], baseEnv());
    await writeFile(stamp, sources);
  }
}

/** The table beside the bare Next app: its JSON and its text. */
async function baselinePart(): Promise<{ json: Record<string, unknown>; text: string }> {
  await ensureBaselineBuilt();

  const started = Date.now();
  // 1. Cold starts first, on a quiet machine: an empty DATA_DIR, the server's start to the first 200.
  log("cold start: portal with an empty DATA_DIR, npm start's server → first 200 of /en/login");
  const cold = await startPortal("portal (cold start)", PORTS.coldPortal, await tempDir("cold"), {}, { firstAnswerOnly: true });
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

  const token = await signIn(PORTS.portal, ACCOUNT);
  const cookie = cookieHeader(await signedInCookies(PORTS.portal, "/en/profile/settings", token));
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
  const [passkeyLogin, passwordLogin] = await passkeyAgainstPassword(portal.child);
  log(`gzip (level ${GZIP_LEVEL}) JS bytes of ${PUBLIC_PAGES.length} public pages and of the baseline's static page`);
  const baselineJs = await gzipJsBytes(PORTS.baseline, "/static");
  if (baselineJs.error) throw new Error(`baseline: ${baselineJs.error}`);
  const pages: { page: string; bytes: number; scripts: number; error?: string }[] = [];
  for (const page of PUBLIC_PAGES) pages.push({ page, ...(await gzipJsBytes(PORTS.portal, page)) });
  await Promise.all([stop(portal.child), stop(baseline.child)]);

  const rows: Row[] = [
    ...loadRows("GET /en/login vs static", "req/s", staticPortal, staticBaseline, null).slice(0, 1),
    ...loadRows("GET /en/login vs its shape", "req/s", staticPortal, shapeBaseline, 0.9),
    ...loadRows("signed-in settings vs dynamic", "req/s", dynamicPortal, dynamicBaseline, 0.7),
    ...loadRows("its data /api/profile vs dynamic", "req/s", dataPortal, dataBaseline, null),
    ...loadRows("POST /v1/login vs argon2id verify", "/s", loginPortal, argon2, 0.8),
    ...passkeyRows(passkeyLogin, passwordLogin),
    { measure: "cold start s (empty DATA_DIR)", unit: "s", portal: round(cold.seconds, 2), baseline: round(coldBaseline.seconds, 2), ratio: round(cold.seconds / coldBaseline.seconds, 2), goal: "≤ 2 s", pass: cold.seconds <= 2 },
    ...pages.map((page): Row => ({
      measure: `JS gzip KiB ${page.page}`,
      unit: "KiB",
      portal: page.error ? null : round(page.bytes / 1024, 1),
      baseline: round(baselineJs.bytes / 1024, 1),
      ratio: page.error ? 0 : round(page.bytes / baselineJs.bytes, 2),
      // issue 35's goal; tests/e2e/budget.spec.ts holds the line at 160 (docs/performance.md says why)
      goal: "≤ 150 KiB",
      pass: !page.error && page.bytes <= 150 * 1024,
      note: page.error,
    })),
  ];

  const cpus = os.cpus();
  const machine = { cpus: cpus.length, model: cpus[0]?.model ?? "unknown", loadAverage: os.loadavg().map((value) => round(value, 2)), node: process.version, platform: `${os.platform()} ${os.release()}` };
  const settings = { seconds: SECONDS, rounds: ROUNDS, warmupSeconds: WARMUP_SECONDS, connections: CONNECTIONS, gzipLevel: GZIP_LEVEL, basePort: BASE_PORT, database: DATABASE_URL ? "postgresql" : "pglite" };
  const raw = { staticPortal, staticBaseline, shapeBaseline, htmlBytes, dynamicPortal, dynamicBaseline, dataPortal, dataBaseline, loginPortal, argon2, passkeyLogin, passwordLogin, coldStart: { portal: cold.seconds, baseline: coldBaseline.seconds }, js: { pages, baseline: baselineJs } };
  const text = [
    `${table(rows)}\n\n`,
    ...rows.filter((row) => row.note).map((row) => `note: ${row.measure}: ${row.note}\n`),
    `note: what Next itself allows a page of the login page's shape: the baseline's /en/login (${htmlBytes.shape} bytes of HTML; the portal's ${htmlBytes.portal}, ` +
      `the static page's ${htmlBytes.static}) serves ${round(shapeBaseline.perSecond / Math.max(1, staticBaseline.perSecond), 2)} of the static page's rate in this run.\n`,
    `${new Date().toISOString()}, ${machine.cpus} × ${machine.model}, load average ${machine.loadAverage.join(" ")}, Node ${machine.node}; ` +
      `${SECONDS} s per load measurement in ${ROUNDS} rounds taken in turns with its reference, at ${CONNECTIONS} connections after ${WARMUP_SECONDS} s of warm-up; ` +
      `KiB = 1024 bytes, gzip level ${GZIP_LEVEL}; database ${DATABASE}; ` +
      `this table took ${Math.round((Date.now() - started) / 1000)} s.\n`,
  ].join("");
  return { json: { date: new Date().toISOString(), machine, settings, rows, raw }, text };
}

// ---------------------------------------------------------------------------------------------
// Passkey sign-ins against password sign-ins (issue 23): in the full table, and alone as a part

/**
 * Real WebAuthn assertions from Node: the bench account registers a software authenticator's
 * P-256 passkey through the services' registration endpoints (bench/passkey-sign-in.ts), then
 * each passkey sign-in asks for options and answers with a signed assertion; each password
 * sign-in is one POST /v1/login (an argon2id verify). Both in turns on the same portal.
 */
type SignInCost = { load: Load; cpuSeconds: number; signIns: number };

async function passkeyAgainstPassword(portal: Child): Promise<[SignInCost, SignInCost]> {
  const portalBase = url(PORTS.portal, "");
  const device = await enrolPasskey(portalBase, ACCOUNT, `http://localhost:${PORTS.portal}`);
  const group = portal.process.pid;
  // the portal's CPU time (every thread: argon2 runs on libuv's) over the measured rounds only
  const costed = (label: string, once: () => Promise<boolean>) => {
    const cost = { cpuSeconds: 0, signIns: 0, measuring: false };
    const side = {
      label,
      warm: true,
      round: async (seconds: number) => {
        const before = group === undefined ? 0 : groupCpuSeconds([group]);
        const load = await signInLoop(seconds, CONNECTIONS, once);
        if (cost.measuring && group !== undefined) {
          cost.cpuSeconds += groupCpuSeconds([group]) - before;
          cost.signIns += load.requests - load.bad;
        }
        cost.measuring = true; // the first round is compare()'s warm-up
        return load;
      },
    };
    return { side, cost };
  };
  const passkey = costed("passkey sign-in (options + POST /v1/login/passkey)", () => passkeySignIn(portalBase, device));
  const password = costed("password sign-in (POST /v1/login)", () => passwordSignIn(portalBase, ACCOUNT));
  const [passkeyLoad, passwordLoad] = await compare(passkey.side, password.side);
  return [
    { load: passkeyLoad, cpuSeconds: passkey.cost.cpuSeconds, signIns: passkey.cost.signIns },
    { load: passwordLoad, cpuSeconds: password.cost.cpuSeconds, signIns: password.cost.signIns },
  ];
}

/** a passkey sign-in costs no argon2: at least 3× the password sign-ins per CPU-second, at most 3 ms of CPU each */
const PASSKEY_GOAL = 3;
const PASSKEY_CPU_MS_GOAL = 3;

const perCpuSecond = (cost: SignInCost) => (cost.cpuSeconds > 0 ? cost.signIns / cost.cpuSeconds : 0);

/**
 * Two rows: sign-ins per second of wall time, and per second of the portal's CPU time. On a
 * small machine the first is bounded by the server's one JavaScript thread, which a password
 * sign-in leaves while argon2 runs on another core and a passkey sign-in (two requests) does
 * not; the second is what a sign-in costs, which is what "several times faster" is about.
 */
function passkeyRows(passkey: SignInCost, password: SignInCost): Row[] {
  const cpuRatio = perCpuSecond(password) > 0 ? perCpuSecond(passkey) / perCpuSecond(password) : 0;
  const passkeyMs = (passkey.cpuSeconds * 1000) / Math.max(1, passkey.signIns);
  const passwordMs = (password.cpuSeconds * 1000) / Math.max(1, password.signIns);
  return [
    ...loadRows("passkey sign-ins vs password sign-ins", "/s", passkey.load, password.load, PASSKEY_GOAL),
    {
      measure: "passkey vs password sign-ins /CPU-s",
      unit: "/CPU-s",
      portal: round(perCpuSecond(passkey), 1),
      baseline: round(perCpuSecond(password), 1),
      ratio: round(cpuRatio, 2),
      goal: `≥ ${PASSKEY_GOAL}×`,
      pass: cpuRatio >= PASSKEY_GOAL && passkey.load.bad === 0,
      note: `per second of the portal's CPU time (all its threads): ${round(passkeyMs, 1)} ms per passkey sign-in, ${round(passwordMs, 1)} ms per password sign-in`,
    },
    { measure: "CPU ms per passkey sign-in", unit: "ms", portal: round(passkeyMs, 1), baseline: round(passwordMs, 1), ratio: round(passwordMs > 0 ? passkeyMs / passwordMs : 0, 2), goal: `≤ ${PASSKEY_CPU_MS_GOAL} ms`, pass: passkeyMs <= PASSKEY_CPU_MS_GOAL && passkey.load.bad === 0 },
  ];
}

/** `--part=passkey-sign-in`: a portal of its own (fresh data, the bench account), the passkey line only. */
async function passkeyPart(): Promise<{ json: Record<string, unknown>; text: string }> {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("no production build of the portal (.next): run `npm run build` first");
  const started = Date.now();
  const dataDir = await tempDir("passkey");
  const database: Record<string, string> = DATABASE_URL ? { DATABASE_URL } : {};
  log(`creating the bench account (bench/create-account.ts); database ${DATABASE}`);
  await run("create account", TSX_BIN, [path.join("bench", "create-account.ts")], { ...baseEnv(), ...database, DATA_DIR: dataDir, BENCH_EMAIL: ACCOUNT.email, BENCH_PASSWORD: ACCOUNT.password });
  log(`starting the portal (:${PORTS.portal})`);
  const portal = await startPortal("portal", PORTS.portal, dataDir, database);
  const [passkeyCost, passwordCost] = await passkeyAgainstPassword(portal.child);
  await stop(portal.child);
  const rows = passkeyRows(passkeyCost, passwordCost);
  const [passkey, password] = [passkeyCost.load, passwordCost.load];
  const ratio = password.perSecond > 0 ? passkey.perSecond / password.perSecond : 0;
  const cpuRatio = perCpuSecond(passwordCost) > 0 ? perCpuSecond(passkeyCost) / perCpuSecond(passwordCost) : 0;
  const cpus = os.cpus();
  const text = [
    "Passkey sign-ins against password sign-ins (portal = passkey, baseline = password):\n\n",
    `${table(rows)}\n\n`,
    ...rows.filter((row) => row.note).map((row) => `note: ${row.measure}: ${row.note}\n`),
    `passkey sign-ins ${round(passkey.perSecond, 1)}/s, password sign-ins ${round(password.perSecond, 1)}/s in the same run: ${round(ratio, 2)}× (goal ≥ ${PASSKEY_GOAL}×); ` +
      `per CPU-second of the portal ${round(perCpuSecond(passkeyCost), 1)} against ${round(perCpuSecond(passwordCost), 1)}: ${round(cpuRatio, 2)}×.\n`,
    `${new Date().toISOString()}, ${cpus.length} × ${cpus[0]?.model ?? "unknown"}, load average ${os.loadavg().map((value) => round(value, 2)).join(" ")}, Node ${process.version}; ` +
      `${SECONDS} s per side in ${ROUNDS} rounds taken in turns, at ${CONNECTIONS} connections after ${WARMUP_SECONDS} s of warm-up; database ${DATABASE}; took ${Math.round((Date.now() - started) / 1000)} s.\n`,
  ].join("");
  return { json: { date: new Date().toISOString(), rows, raw: { passkeyLogin: passkeyCost, passwordLogin: passwordCost }, ratio: round(ratio, 2), cpuRatio: round(cpuRatio, 2) }, text };
}

/** `--part=console-search`: only the console's user search over one million accounts on PostgreSQL (bench/console-search.ts). */
const PART = process.argv.find((arg) => arg.startsWith("--part="))?.slice("--part=".length) ?? null;
const JSON_OUTPUT = process.argv.includes("--json");

/**
 * The console search part, in a process of its own; its table or JSON goes to stdout. On
 * BENCH_DATABASE_URL when given, else on a throwaway PostgreSQL of its own (+6), as the goal is
 * stated for PostgreSQL; BENCH_CONSOLE_DB=pglite measures the embedded database instead.
 */
async function consoleSearchPart(): Promise<number | null> {
  const embedded = process.env.BENCH_CONSOLE_DB === "pglite";
  const postgres = DATABASE_URL || embedded ? null : await startPostgres(BASE_PORT + 6, []);
  const databaseUrl = DATABASE_URL ?? postgres?.url;
  try {
    const child = spawn(TSX_BIN, [path.join(ROOT, "bench", "console-search.ts"), ...(JSON_OUTPUT ? ["--json"] : [])], {
      cwd: ROOT,
      env: { ...baseEnv(), ...(databaseUrl && !embedded ? { BENCH_DATABASE_URL: databaseUrl } : {}), ...pick("BENCH_USERS", "BENCH_SEARCHES", "BENCH_REUSE_SEED") },
      stdio: ["ignore", "inherit", "inherit"],
    });
    return await new Promise((resolve) => child.on("exit", resolve));
  } finally {
    if (postgres) await stop(postgres.child);
  }
}

/** Lighthouse's scores (bench/lighthouse/part.ts): a portal of its own on +9, Chromium's DevTools port on +10, the bare Next app on +11. */
async function printLighthouse(): Promise<void> {
  const part = await lighthousePart(BASE_PORT, async (port) => {
    await ensureBaselineBuilt();
    return (await startBaseline("baseline (lighthouse)", port)).child;
  });
  process.stdout.write(JSON_OUTPUT ? `${JSON.stringify(part.json, null, 2)}\n` : `\n${part.text}`);
}

/**
 * The data-scale part (bench/data-scale.ts) in a process of its own, on a throwaway PostgreSQL
 * of its own (+7) whatever BENCH_DATABASE_URL says (it seeds a million accounts): room for the
 * bulk load (a larger WAL, more buffers) and auto_explain loaded but off, logging to a file in
 * its data directory, for the plans. The server and its directory go at the end, on an error
 * and on Ctrl-C (bench/children.ts).
 */
async function dataScalePart(): Promise<number | null> {
  const postgres = await startPostgres(BASE_PORT + 7, [], {
    shared_buffers: "512MB",
    max_wal_size: "8GB",
    checkpoint_timeout: "30min",
    // off by default (-1); not set here, since a setting on the command line would outrank the ALTER SYSTEM that turns it on
    shared_preload_libraries: "auto_explain",
    logging_collector: "on",
    log_directory: "log",
    log_filename: "postgresql.log",
  });
  try {
    const child = spawn(TSX_BIN, [path.join(ROOT, "bench", "data-scale.ts"), ...(JSON_OUTPUT ? ["--json"] : [])], {
      cwd: ROOT,
      env: { ...baseEnv(), BENCH_DATABASE_URL: postgres.url, BENCH_PG_LOG: path.join(postgres.data, "log", "postgresql.log"), ...pick("BENCH_SCALE_SMALL", "BENCH_SCALE_LARGE", "BENCH_SCALE_SAMPLES", "BENCH_SCALE_ROUNDS") },
      stdio: ["ignore", "inherit", "inherit"],
    });
    return await new Promise((resolve) => child.on("exit", resolve));
  } finally {
    await stop(postgres.child);
  }
}

function pick(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}

async function main(): Promise<void> {
  if (PART === "console-search") {
    process.exitCode = (await consoleSearchPart()) ?? 1;
    return;
  }
  if (PART === "data-scale") {
    process.exitCode = (await dataScalePart()) ?? 1;
    return;
  }
  if (PART === "passkey-sign-in") {
    const part = await passkeyPart();
    process.stdout.write(JSON_OUTPUT ? `${JSON.stringify(part.json, null, 2)}\n` : part.text);
    return;
  }
  if (PART === "lighthouse") {
    await printLighthouse();
    return;
  }
  if (PART !== null) {
    process.stderr.write(`Unknown part ${PART}: the parts are console-search, data-scale, passkey-sign-in and lighthouse.
`);
    process.exitCode = 2;
    return;
  }
  const args = parseArgs(process.argv.slice(2));
  if ("error" in args) {
    process.stderr.write(`${args.error}\nusage: npm run bench -- [--json] [--only ${PARTS.join(",")}] [--db ${DATABASES.join(",")}]\n`);
    process.exitCode = 2;
    return;
  }
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    process.stderr.write("No production build of the portal (.next): run `npm run build` first.\n");
    process.exitCode = 1;
    return;
  }
  const started = Date.now();
  const baseline = args.parts.has("baseline") ? await baselinePart() : null;
  const perCoreParts = PARTS.some((part) => part !== "baseline" && args.parts.has(part));
  const perCoreReport = perCoreParts ? await perCoreSection({ seconds: PER_CORE_SECONDS, connections: PER_CORE_CONNECTIONS, port: PORTS.perCore, parts: args.parts, databases: args.databases }) : null;
  if (args.json) {
    process.stdout.write(`${JSON.stringify({ ...(baseline?.json ?? { date: new Date().toISOString() }), ...(perCoreReport ? { perCore: { report: perCoreReport, lines: perCoreLines(perCoreReport) } } : {}) }, null, 2)}\n`);
    return;
  }
  if (baseline) process.stdout.write(baseline.text);
  if (perCoreReport) {
    const cpus = os.cpus();
    process.stdout.write(
      `${baseline ? "\n" : ""}Per core, against the published peers (docs/performance.md):\n\n${perCoreTable(perCoreLines(perCoreReport))}\n\n` +
        perCoreNotes(perCoreReport).map((note) => `note: ${note}\n`).join("") +
        `${new Date().toISOString()}, ${cpus.length} × ${cpus[0]?.model ?? "unknown"}, load average ${os.loadavg().map((value) => round(value, 2)).join(" ")}, Node ${process.version}; run took ${Math.round((Date.now() - started) / 1000)} s.\n`,
    );
  }
}

main()
  // the console's search, the data-scale part and Lighthouse last (a full run only), after the portal's servers have stopped
  .then(async () => {
    const full = PART === null && !process.argv.includes("--only") && !process.argv.some((arg) => arg.startsWith("--only="));
    if (full && process.exitCode === undefined) {
      await cleanup();
      if ((await consoleSearchPart()) !== 0) process.exitCode = 1;
      // then the costs as the data grows (issue 35: every goal's line on one run)
      if ((await dataScalePart()) !== 0) process.exitCode = 1;
      await printLighthouse();
    }
  })
  .catch((error: unknown) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
