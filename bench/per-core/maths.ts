/**
 * The per-core part of `npm run bench` (docs/performance.md), its pure half: the peers' published
 * figures, the per-core arithmetic, the goals, and the small parsers the measurements need
 * (/proc/<pid>/stat, an argon2 PHC string, Set-Cookie, the sign-in action's answer). No timing
 * here: tests/unit/bench/per-core.test.ts checks all of it.
 */

/** What the peers publish, per vCPU, with where it comes from (docs/performance.md cites them in full). */
export const PEERS = {
  keycloakSignIns: { perVcpu: 15, hash: "argon2id, t=5, m=7 MiB (7168 KiB), p=1", source: "Keycloak, “Concepts for sizing CPU and memory resources”" },
  keycloakRefreshes: { perVcpu: 120, source: "Keycloak, “Concepts for sizing CPU and memory resources”" },
  zitadelSignIns: { perVcpu: 2.5, hash: "bcrypt, cost 12", source: "ZITADEL's published benchmarks (issue 25's per-vCPU reading)" },
  /**
   * What Keycloak's own nightly runs measure for a whole browser sign-in, per vCPU of the cluster:
   * 15–18 in a three-pod cluster (keycloak-benchmark#901) and 34–47 on current AWS machines
   * (keycloak-benchmark#1022). The sizing rule above is a conservative figure; this is their best.
   */
  keycloakMeasuredSignIns: { perVcpu: { cluster: [15, 18], best: [34, 47] }, source: "keycloak-benchmark#901 and #1022" },
} as const;

/** Keycloak's default argon2 parameters, the ones its sizing was measured with. */
export const KEYCLOAK_ARGON2: Argon2Params = { memoryKiB: 7168, iterations: 5, parallelism: 1 };

/**
 * Our goals: at least 55 whole browser sign-ins per CPU-second at a hash cost no lower than
 * Keycloak's (ahead of the best figure Keycloak measures, 47 per vCPU, with a heavier hash than
 * theirs); signed-in API calls ahead of its refreshes; and the OpenID Provider's own refreshes at
 * least 3× its refreshes.
 */
export const GOALS = { signInsPerCpuSecond: 55, apiFactor: 1, refreshFactor: 3 } as const;

export type Argon2Params = { memoryKiB: number; iterations: number; parallelism: number };

/** The parameters of an argon2 PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), or null. */
export function argon2ParamsOf(phc: string): Argon2Params | null {
  const match = /^\$argon2(?:id|i|d)\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(phc);
  if (!match) return null;
  return { memoryKiB: Number(match[1]), iterations: Number(match[2]), parallelism: Number(match[3]) };
}

export const formatArgon2 = (params: Argon2Params) => `argon2id m=${params.memoryKiB} KiB, t=${params.iterations}, p=${params.parallelism}`;

/**
 * The memory an attacker must fill and pass over per guess, m × t (KiB-passes): the measure by
 * which OWASP's argon2id settings are equivalent to one another. Ours is "no lower" than
 * Keycloak's when this is at least theirs and the memory is at least theirs.
 */
export function argon2NoCheaperThan(ours: Argon2Params, theirs: Argon2Params): boolean {
  return ours.memoryKiB >= theirs.memoryKiB && ours.memoryKiB * ours.iterations >= theirs.memoryKiB * theirs.iterations;
}

/**
 * The CPU clock ticks of one /proc/<pid>/stat line: its own user and system time, plus those of
 * its children it has reaped (so a PostgreSQL backend that ended is still counted, in the
 * postmaster's share), and its process group; null when the line cannot be read.
 */
export function parseProcStat(text: string): { ticks: number; pgrp: number } | null {
  // the command name (field 2) is in parentheses and may hold spaces or parentheses itself
  const close = text.lastIndexOf(")");
  if (close < 0) return null;
  const fields = text.slice(close + 2).trim().split(/\s+/);
  // after the name: state(3) ppid(4) pgrp(5) … utime(14) stime(15) cutime(16) cstime(17), so index = field - 3
  const pgrp = Number(fields[2]);
  const times = [fields[11], fields[12], fields[13], fields[14]].map(Number);
  if (!Number.isFinite(pgrp) || !times.every(Number.isFinite)) return null;
  return { ticks: times.reduce((sum, value) => sum + value, 0), pgrp };
}

/** A count over a measured stretch, per second of wall time per core used, and per CPU-second consumed. */
export type PerCore = { count: number; wallSeconds: number; cores: number; cpuSeconds: number; perSecond: number; perCore: number; perCpuSecond: number; utilisation: number };

export function perCore(count: number, wallSeconds: number, cores: number, cpuSeconds: number): PerCore {
  const perSecond = wallSeconds > 0 ? count / wallSeconds : 0;
  return {
    count,
    wallSeconds,
    cores,
    cpuSeconds,
    perSecond,
    perCore: cores > 0 ? perSecond / cores : 0,
    perCpuSecond: cpuSeconds > 0 ? count / cpuSeconds : 0,
    // how busy the cores given to the server were: near 1 means the figure is the server's ceiling
    utilisation: wallSeconds > 0 && cores > 0 ? cpuSeconds / (wallSeconds * cores) : 0,
  };
}

/**
 * The figure a goal is judged on: per CPU-second the server (and its database server) consumed.
 * On a shared machine a pinned core is also lent to others, which the wall-clock figure would
 * count against us; CPU time counts only what our processes used.
 */
export const judged = (figure: PerCore) => figure.perCpuSecond;

export function signInGoal(figure: PerCore, hashNoCheaper: boolean): { target: number; met: boolean } {
  const target = GOALS.signInsPerCpuSecond;
  return { target, met: hashNoCheaper && judged(figure) >= target };
}

export function apiGoal(figure: PerCore): { target: number; met: boolean } {
  const target = GOALS.apiFactor * PEERS.keycloakRefreshes.perVcpu;
  return { target, met: judged(figure) > target };
}

export function refreshGoal(figure: PerCore): { target: number; met: boolean } {
  const target = GOALS.refreshFactor * PEERS.keycloakRefreshes.perVcpu;
  return { target, met: judged(figure) >= target };
}

/** A cookie jar as a browser keeps one for one origin: name → value, the latest Set-Cookie winning. */
export function storeCookies(jar: Map<string, string>, setCookie: string | string[] | undefined): void {
  const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  for (const line of lines) {
    const [pair = "", ...attributes] = line.split(";");
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(attribute));
    if (expired) jar.delete(name);
    else jar.set(name, pair.slice(at + 1).trim());
  }
}

export const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** A header of autocannon's answer, whatever the case of its name (a repeated one is an array). */
export function headerOf(headers: Record<string, string | string[] | undefined> | undefined, name: string): string | string[] | undefined {
  const key = Object.keys(headers ?? {}).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers?.[key];
}

/** Where a successful sign-in action sends the browser (its RSC answer holds `{"ok":true,"redirect":…}`), or null. */
export function actionRedirect(body: string): string | null {
  const match = /"ok":true,"redirect":"([^"]+)"/.exec(body);
  const target = match?.[1];
  return target && target.startsWith("/") && !target.startsWith("//") ? target : null;
}

/**
 * The Next-Router-State-Tree header Chromium sends with the sign-in action from the login page
 * (captured from a real sign-in; the flags are the router's own): the page's segments, with the
 * variant the plain /{lang}/login is rewritten to.
 */
export function loginRouterStateTree(lang: string, variant: string): string {
  const page = ["__PAGE__", {}, null, null, 1024];
  const variantSegment = [["variant", variant, "d", null], { children: page }, null, null, 1024];
  const login = ["login", { children: variantSegment }, null, null, 1024];
  const group = ["(auth)", { children: login }, null, null, 1024];
  const langSegment = [["lang", lang, "d", null], { children: group }, null, null, 1040];
  return encodeURIComponent(JSON.stringify(["", { children: langSegment }, null, null, 1040]));
}

/** A statement that writes (INSERT, UPDATE, DELETE, also inside a WITH), counted per sign-in. */
export function isWrite(sql: string): boolean {
  const text = sql.replace(/--[^\n]*\n/g, " ").trimStart();
  if (/^(insert|update|delete)\b/i.test(text)) return true;
  return /^with\b/i.test(text) && /\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i.test(text);
}

/**
 * What a statement writes, one entry per INSERT, UPDATE or DELETE in it ("insert sessions"), those
 * inside a WITH included: a statement that writes three tables counts three writes, as three
 * statements did. An upsert's `do update` is its insert's. None for a read.
 */
export function writeTargets(sql: string): string[] {
  if (!isWrite(sql)) return [];
  const text = sql.replace(/--[^\n]*\n/g, " ");
  const targets: string[] = [];
  for (const match of text.matchAll(/\b(?:(insert\s+into|delete\s+from)\s+"?([A-Za-z_][\w.]*)"?|update\s+"?([A-Za-z_][\w.]*)"?\s+set\b)/gi)) {
    const verb = match[1] ? (match[1].split(/\s+/)[0] ?? "write").toLowerCase() : "update";
    targets.push(`${verb} ${match[2] ?? match[3] ?? "?"}`);
  }
  return targets.length > 0 ? targets : ["write"];
}

/** The first of them, or null for a read. */
export function writeTarget(sql: string): string | null {
  return writeTargets(sql)[0] ?? null;
}

export type Part = "baseline" | "sign-in" | "api" | "writes" | "oidc";
export type DatabaseKind = "pglite" | "postgresql";
export const PARTS: readonly Part[] = ["baseline", "sign-in", "api", "writes", "oidc"];
export const DATABASES: readonly DatabaseKind[] = ["pglite", "postgresql"];

const isPart = (word: string): word is Part => (PARTS as readonly string[]).includes(word);
const isDatabase = (word: string): word is DatabaseKind => (DATABASES as readonly string[]).includes(word);

export type BenchArgs = { json: boolean; parts: Set<Part>; databases: DatabaseKind[] };

/** `--json`, `--only a,b` (repeatable), `--db pglite|postgresql` (repeatable); an unknown word is an error. */
export function parseArgs(argv: readonly string[]): BenchArgs | { error: string } {
  const parts = new Set<Part>();
  const databases = new Set<DatabaseKind>();
  let json = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? "";
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--json") {
      json = true;
      continue;
    }
    if (flag !== "--only" && flag !== "--db") return { error: `unknown argument ${JSON.stringify(arg)}` };
    const value = inline ?? argv[(i += 1)];
    if (!value) return { error: `${flag} needs a value` };
    for (const word of value.split(",").map((item) => item.trim()).filter(Boolean)) {
      if (flag === "--only") {
        if (!isPart(word)) return { error: `--only takes ${PARTS.join(", ")}, not ${JSON.stringify(word)}` };
        parts.add(word);
      } else {
        if (!isDatabase(word)) return { error: `--db takes ${DATABASES.join(", ")}, not ${JSON.stringify(word)}` };
        databases.add(word);
      }
    }
  }
  return { json, parts: parts.size > 0 ? parts : new Set(PARTS), databases: databases.size > 0 ? [...databases] : [...DATABASES] };
}
