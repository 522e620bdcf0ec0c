/**
 * The per-core part of `npm run bench` (docs/performance.md): on the embedded database and on a
 * PostgreSQL it starts itself, browser sign-in journeys and signed-in API calls per core, the
 * database writes per sign-in, the raw argon2id verify rate at our parameters and at Keycloak's,
 * and the OpenID Provider's code exchanges, refreshes and userinfo calls, all with the servers
 * pinned to one CPU and their CPU time read from /proc.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DEFAULT_VARIANT, variantKey } from "@/lib/launch/variant";
import { baseEnv, log, ROOT, run, startPortal, stop, tempDir, TSX_BIN, url } from "../children";
import { choosePinning, groupCpuSeconds, pinSelf, type Pinning } from "./cpu";
import { apiCalls, signInJourneys, type Account } from "./journey";
import { argon2ParamsOf, KEYCLOAK_ARGON2, perCore, type DatabaseKind, type Part, type PerCore } from "./maths";
import { postgresBin, startPostgres } from "./postgres";
import { codeExchanges, grantsFor, refreshes, userinfoCalls, type OidcApp, type OidcLoad } from "./oidc";
import type { Argon2Run, DatabaseRun, OidcLoadRun, OidcRun, PerCoreReport } from "./report";
import { oneJourney, writesPerSignIn } from "./writes";

export type PerCoreSettings = { seconds: number; connections: number; port: number; parts: Set<Part>; databases: DatabaseKind[] };

const WARMUP_SECONDS = 2;
const WRITE_JOURNEYS = 10;
const PASSWORD = "bench-Password-0123";
/** the bench app's redirect URI: never fetched, the code is read from the redirect's address */
const OIDC_REDIRECT = "https://bench-app.example/callback";

/** The sign-in action's id in this build, from the manifest `next build` wrote (lib/security/action-ids.ts reads the same file). */
async function signInActionId(): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(ROOT, ".next", "server", "server-reference-manifest.json"), "utf8")) as { node?: Record<string, { filename?: string; exportedName?: string }> };
  const found = Object.entries(manifest.node ?? {}).find(([, entry]) => entry.filename === "lib/actions/auth/login.ts" && entry.exportedName === "loginWithPasswordAction");
  if (!found) throw new Error("the build has no loginWithPasswordAction (lib/actions/auth/login.ts): run `npm run build`");
  return found[0];
}

/** That the login page's own scripts call the action by that id, as the browser will. */
async function pageUsesAction(port: number, id: string): Promise<boolean> {
  const html = await (await fetch(url(port, "/en/login"))).text();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) {
    const source = match[1];
    if (source && (await (await fetch(url(port, source.replace(/&amp;/g, "&")))).text()).includes(id)) return true;
  }
  return false;
}

async function rawArgon2(pinning: Pinning, seconds: number, connections: number, params: string | null): Promise<Argon2Run> {
  const env = { ...baseEnv(), BENCH_SECONDS: String(seconds), BENCH_CONCURRENCY: String(connections), ...(params ? { BENCH_ARGON2: params } : {}) };
  const [command = TSX_BIN, ...args] = [...pinning.prefix, TSX_BIN, path.join("bench", "argon2-verify.ts")];
  const out = await run("argon2 verify", command, args, env);
  const parsed = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { verifies: number; seconds: number; cpuSeconds: number; phc: string };
  const found = argon2ParamsOf(`${parsed.phc}$`);
  if (!found) throw new Error(`bench/argon2-verify.ts printed no argon2 parameters: ${parsed.phc}`);
  return { params: found, figure: perCore(parsed.verifies, parsed.seconds, pinning.cores, parsed.cpuSeconds) };
}

/** A count over `measure`, with the wall time and the CPU seconds of the given process groups around it. */
async function measured<T>(groups: number[], cores: number, measure: () => Promise<T>, countOf: (result: T) => number) {
  const cpuBefore = groupCpuSeconds(groups);
  const since = performance.now();
  const result = await measure();
  const wall = (performance.now() - since) / 1000;
  return { result, figure: perCore(countOf(result), wall, cores, groupCpuSeconds(groups) - cpuBefore) };
}

async function databaseRun(kind: DatabaseKind, settings: PerCoreSettings, pinning: Pinning): Promise<DatabaseRun | null> {
  if (kind === "postgresql" && !postgresBin()) {
    log("PostgreSQL is not installed (apt-get install postgresql): its per-core lines are skipped");
    return null;
  }
  const postgres = kind === "postgresql" ? await startPostgres(settings.port + 1, pinning.prefix) : null;
  const database = postgres ? `PostgreSQL ${/\)\s*(\d+(?:\.\d+)?)/.exec(postgres.version)?.[1] ?? ""}`.trim() : "PGlite";
  try {
    const dataDir = await tempDir("per-core");
    const stamp = Date.now().toString(36);
    const accounts: Account[] = Array.from({ length: 8 }, (_, i) => ({ email: `bench-${stamp}-${i}@example.test`, password: PASSWORD }));
    const extra: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
    log(`${database}: creating ${accounts.length} accounts`);
    const oidcEnv: Record<string, string> = settings.parts.has("oidc") ? { BENCH_OIDC_REDIRECT: OIDC_REDIRECT } : {};
    const created = await run("create accounts", TSX_BIN, [path.join("bench", "create-account.ts")], { ...baseEnv(), ...extra, ...oidcEnv, DATA_DIR: dataDir, BENCH_EMAILS: accounts.map((account) => account.email).join(","), BENCH_PASSWORD: PASSWORD });
    const clientId = created.trim().split("\n").at(-1) ?? "";
    const countFile = path.join(dataDir, "query-counts.json");
    const counter = path.join(ROOT, "bench", "per-core", "count-queries.mts");
    log(`${database}: starting the portal on :${settings.port}${pinning.server ? ` pinned to CPU ${pinning.server}` : ""}`);
    const portal = await startPortal(`portal (per core, ${database})`, settings.port, dataDir, { ...extra, BENCH_QUERY_COUNT_FILE: countFile }, { prefix: pinning.prefix, nodeArgs: ["--import", "tsx", "--import", counter] });
    const pid = portal.child.process.pid ?? 0;
    const groups = [pid, ...(postgres?.child.process.pid ? [postgres.child.process.pid] : [])];
    const actionId = await signInActionId();
    if (!(await pageUsesAction(settings.port, actionId))) throw new Error(`the login page's scripts do not call the sign-in action ${actionId}`);
    const variant = variantKey(DEFAULT_VARIANT);
    const result: DatabaseRun = { database };
    // one whole journey first, one request at a time: every page and query of it done once
    const redirect = await oneJourney({ port: settings.port, actionId, variant, account: accounts[0] ?? { email: "", password: PASSWORD } });
    const journeyOptions = { port: settings.port, connections: settings.connections, actionId, variant, accounts, redirect };
    try {
      if (settings.parts.has("sign-in")) {
        log(`${database}: sign-in journeys, ${WARMUP_SECONDS} s warm-up then ${settings.seconds} s`);
        await signInJourneys({ ...journeyOptions, seconds: WARMUP_SECONDS });
        // what the warm-up left in flight is answered before the measured stretch starts
        await oneJourney({ port: settings.port, actionId, variant, account: accounts[0] ?? { email: "", password: PASSWORD } });
        const { result: journeys, figure } = await measured(groups, pinning.cores, () => signInJourneys({ ...journeyOptions, seconds: settings.seconds }), (r) => r.journeys);
        result.signIn = { figure, p50: journeys.p50, p99: journeys.p99, failed: journeys.failed, errors: journeys.errors, firstFailure: journeys.firstFailure };
      }
      if (settings.parts.has("api")) {
        const token = await signInToken(settings.port, accounts[0] ?? { email: "", password: PASSWORD });
        log(`${database}: signed-in API calls, ${WARMUP_SECONDS} s warm-up then ${settings.seconds} s`);
        await apiCalls(settings.port, WARMUP_SECONDS, settings.connections, token);
        await apiCalls(settings.port, 0.2, 1, token);
        const { result: calls, figure } = await measured(groups, pinning.cores, () => apiCalls(settings.port, settings.seconds, settings.connections, token), (r) => r.calls);
        result.api = { figure, p50: calls.p50, p99: calls.p99, bad: calls.bad };
      }
      if (settings.parts.has("oidc")) {
        log(`${database}: OpenID code exchanges, refreshes and userinfo, ${WARMUP_SECONDS} s warm-up then ${settings.seconds} s each`);
        result.oidc = await oidcRuns({ port: settings.port, clientId, redirectUri: OIDC_REDIRECT }, accounts, settings, (measure) => measured(groups, pinning.cores, measure, (load) => load.count));
      }
      if (settings.parts.has("writes")) {
        log(`${database}: statements of ${WRITE_JOURNEYS} sign-in journeys, one at a time`);
        const account = accounts[1] ?? accounts[0] ?? { email: "", password: PASSWORD };
        result.writes = await writesPerSignIn({ port: settings.port, pid, file: countFile, actionId, variant, account, journeys: WRITE_JOURNEYS, groups });
      }
    } finally {
      await stop(portal.child);
    }
    return result;
  } finally {
    if (postgres) await stop(postgres.child);
  }
}

type Measure = (measure: () => Promise<OidcLoad>) => Promise<{ result: OidcLoad; figure: PerCore }>;

/** The OpenID lines: each load warmed up, then measured; every connection a browser signed in to the portal. */
async function oidcRuns(app: OidcApp, accounts: Account[], settings: PerCoreSettings, measure: Measure): Promise<OidcRun> {
  const utokens = await Promise.all(accounts.slice(0, settings.connections).map((account) => signInToken(settings.port, account)));
  const asRun = ({ result, figure }: { result: OidcLoad; figure: PerCore }): OidcLoadRun => ({ figure, bad: result.bad, firstFailure: result.firstFailure });
  await codeExchanges(app, utokens, WARMUP_SECONDS, settings.connections);
  const exchanges = asRun(await measure(() => codeExchanges(app, utokens, settings.seconds, settings.connections)));
  const grants = await grantsFor(app, utokens, settings.connections);
  await refreshes(app, grants, WARMUP_SECONDS);
  const refreshed = asRun(await measure(() => refreshes(app, grants, settings.seconds)));
  await userinfoCalls(app, grants, WARMUP_SECONDS);
  const userinfo = asRun(await measure(() => userinfoCalls(app, grants, settings.seconds)));
  return { exchanges, refreshes: refreshed, userinfo };
}

/** A session token for the API calls, from the services' own sign-in. */
async function signInToken(port: number, account: Account): Promise<string> {
  const response = await fetch(url(port, "/v1/login"), { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(account) });
  const body = (await response.json()) as { code?: number; data?: { utoken?: string } };
  const token = body.data?.utoken;
  if (response.status !== 200 || body.code !== 0 || !token) throw new Error(`POST /v1/login: ${response.status} code ${body.code ?? "?"}`);
  return token;
}

export async function perCoreSection(settings: PerCoreSettings): Promise<PerCoreReport> {
  if (!existsSync(path.join(ROOT, ".next", "server", "server-reference-manifest.json"))) throw new Error("no production build (.next): run `npm run build`");
  const pinning = choosePinning();
  log(`per core: ${pinning.note}`);
  if (pinning.generator) pinSelf(pinning.generator);
  try {
    let ours: Argon2Run | null = null;
    let keycloak: Argon2Run | null = null;
    if (settings.parts.has("sign-in")) {
      const seconds = Math.min(6, settings.seconds);
      log(`raw argon2id verify on the servers' core, ${seconds} s each: ours, then Keycloak's parameters`);
      ours = await rawArgon2(pinning, seconds, settings.connections, null);
      keycloak = await rawArgon2(pinning, seconds, settings.connections, `${KEYCLOAK_ARGON2.memoryKiB},${KEYCLOAK_ARGON2.iterations},${KEYCLOAK_ARGON2.parallelism}`);
    }
    const runs: DatabaseRun[] = [];
    for (const kind of settings.databases) {
      const done = await databaseRun(kind, settings, pinning);
      if (done) runs.push(done);
    }
    return { how: pinning.note, cores: pinning.cores, seconds: settings.seconds, connections: settings.connections, ours, keycloak, runs };
  } finally {
    // the load generator may use every CPU again (the rest of the bench, if any, is not pinned)
    if (pinning.generator) pinSelf(`0-${os.cpus().length - 1}`);
  }
}
