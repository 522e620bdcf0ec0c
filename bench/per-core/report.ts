/**
 * The per-core part's table (docs/performance.md, "Per core against the published peers"): one
 * line per measurement and database, each with its peer's figure, its goal and whether it is met.
 * Pure: tests/unit/bench/per-core.test.ts checks the lines a run of given numbers prints.
 */
import { argon2NoCheaperThan, apiGoal, refreshGoal, formatArgon2, judged, KEYCLOAK_ARGON2, PEERS, signInGoal, type Argon2Params, type PerCore } from "./maths";
import type { WritesResult } from "./writes";

export type SignInRun = { figure: PerCore; p50: number; p99: number; failed: number; errors: number; firstFailure: string | null };
export type ApiRun = { figure: PerCore; p50: number; p99: number; bad: number };
/** One OpenID load: its figure, the answers that were not what an app needs, the first of them in words. */
export type OidcLoadRun = { figure: PerCore; bad: number; firstFailure: string | null };
export type OidcRun = { exchanges: OidcLoadRun; refreshes: OidcLoadRun; userinfo: OidcLoadRun };
export type DatabaseRun = { database: string; signIn?: SignInRun; api?: ApiRun; writes?: WritesResult; oidc?: OidcRun };
export type Argon2Run = { params: Argon2Params; figure: PerCore };
export type PerCoreReport = { how: string; cores: number; seconds: number; connections: number; ours: Argon2Run | null; keycloak: Argon2Run | null; runs: DatabaseRun[] };

export type Line = { measure: string; database: string; rate: string; perCore: string; perCpu: string; busy: string; keycloak: string; zitadel: string; goal: string; met: string };

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const times = (value: number) => `${value.toFixed(2)}×`;
const busy = (figure: PerCore) => `${Math.round(figure.utilisation * 100)}%`;
const cpuMs = (figure: PerCore) => (figure.count > 0 ? (figure.cpuSeconds * 1000) / figure.count : 0);

/** Whether our hash costs no less than Keycloak's: by its parameters, and by the CPU a verify took here when both were measured. */
export function hashNoCheaper(ours: Argon2Run | null, keycloak: Argon2Run | null): boolean {
  if (!ours) return false;
  const byParameters = argon2NoCheaperThan(ours.params, KEYCLOAK_ARGON2);
  return keycloak ? byParameters && cpuMs(ours.figure) >= cpuMs(keycloak.figure) : byParameters;
}

export function lines(report: PerCoreReport): Line[] {
  const out: Line[] = [];
  const noCheaper = hashNoCheaper(report.ours, report.keycloak);
  for (const run of report.runs) {
    if (run.signIn) {
      const { figure } = run.signIn;
      const goal = signInGoal(figure, noCheaper);
      out.push({
        measure: "sign-in journeys (browser)",
        database: run.database,
        rate: fixed(figure.perSecond),
        perCore: fixed(figure.perCore),
        perCpu: fixed(figure.perCpuSecond),
        busy: busy(figure),
        keycloak: times(judged(figure) / PEERS.keycloakSignIns.perVcpu),
        zitadel: times(judged(figure) / PEERS.zitadelSignIns.perVcpu),
        goal: `≥ ${goal.target}/CPU-s, hash ≥ KC's`,
        met: goal.met && run.signIn.failed === 0 ? "yes" : "NO",
      });
    }
    if (run.api) {
      const { figure } = run.api;
      const goal = apiGoal(figure);
      out.push({
        measure: "signed-in API calls",
        database: run.database,
        rate: fixed(figure.perSecond),
        perCore: fixed(figure.perCore),
        perCpu: fixed(figure.perCpuSecond),
        busy: busy(figure),
        keycloak: times(judged(figure) / PEERS.keycloakRefreshes.perVcpu),
        zitadel: "",
        goal: `> ${goal.target}/CPU-s`,
        met: goal.met && run.api.bad === 0 ? "yes" : "NO",
      });
    }
    if (run.oidc) {
      const { exchanges, refreshes, userinfo } = run.oidc;
      const plain = (measure: string, load: OidcLoadRun): Line => ({ measure, database: run.database, rate: fixed(load.figure.perSecond), perCore: fixed(load.figure.perCore), perCpu: fixed(load.figure.perCpuSecond), busy: busy(load.figure), keycloak: "", zitadel: "", goal: "", met: load.bad === 0 ? "" : "NO" });
      const goal = refreshGoal(refreshes.figure);
      out.push(plain("OpenID code exchanges", exchanges));
      out.push({ ...plain("OpenID refreshes", refreshes), keycloak: times(judged(refreshes.figure) / PEERS.keycloakRefreshes.perVcpu), goal: `≥ ${goal.target}/CPU-s (3× KC)`, met: goal.met && refreshes.bad === 0 ? "yes" : "NO" });
      out.push(plain("OpenID userinfo", userinfo));
    }
    if (run.writes) {
      out.push({ measure: "DB writes per sign-in", database: run.database, rate: fixed(run.writes.writes), perCore: "", perCpu: "", busy: "", keycloak: "", zitadel: "", goal: "", met: "" });
    }
  }
  for (const [label, argon] of [
    ["argon2id verify, ours", report.ours],
    ["argon2id verify, KC's params", report.keycloak],
  ] as const) {
    if (!argon) continue;
    out.push({ measure: label, database: "-", rate: fixed(argon.figure.perSecond), perCore: fixed(argon.figure.perCore), perCpu: fixed(argon.figure.perCpuSecond), busy: busy(argon.figure), keycloak: "", zitadel: "", goal: "", met: "" });
  }
  return out;
}

const HEADER: Line = { measure: "measure", database: "database", rate: "/s", perCore: "per core", perCpu: "per CPU-s", busy: "busy", keycloak: "vs KC", zitadel: "vs ZITADEL", goal: "goal", met: "met" };

export function table(rows: Line[]): string {
  const keys = Object.keys(HEADER) as (keyof Line)[];
  const all = [HEADER, ...rows];
  const widths = keys.map((key) => Math.max(...all.map((row) => row[key].length)));
  const line = (row: Line) =>
    keys
      .map((key, i) => (i < 2 || key === "goal" ? row[key].padEnd(widths[i] ?? 0) : row[key].padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(HEADER), keys.map((_, i) => "-".repeat(widths[i] ?? 0)).join("  "), ...rows.map(line)].join("\n");
}

/** The notes under the table: parameters, how cores were counted, CPU consumed, the writes by step, failures. */
export function notes(report: PerCoreReport): string[] {
  const out: string[] = [];
  if (report.ours) {
    const kc = report.keycloak;
    const costs = kc ? `; CPU per verify here: ours ${fixed(cpuMs(report.ours.figure))} ms, Keycloak's ${fixed(cpuMs(kc.figure))} ms` : "";
    out.push(
      `argon2 of the sign-ins: ${formatArgon2(report.ours.params)} (lib/backend/services/passwords.ts); Keycloak's sizing: ${formatArgon2(KEYCLOAK_ARGON2)}. ` +
        `Ours is ${hashNoCheaper(report.ours, kc) ? "no cheaper" : "CHEAPER"} than theirs (memory ${report.ours.params.memoryKiB} vs ${KEYCLOAK_ARGON2.memoryKiB} KiB, memory × passes ` +
        `${report.ours.params.memoryKiB * report.ours.params.iterations} vs ${KEYCLOAK_ARGON2.memoryKiB * KEYCLOAK_ARGON2.iterations} KiB${costs}).`,
    );
  }
  out.push(
    `cores: ${report.how}; per core = rate ÷ ${report.cores} core(s) given to the servers; per CPU-s = count ÷ CPU seconds the servers used (portal process group, plus PostgreSQL's on PostgreSQL), ` +
      `the figure the goals are judged on; busy = CPU seconds ÷ (wall seconds × cores). ${report.seconds} s per measurement after 2 s of warm-up, ${report.connections} connections.`,
  );
  out.push(`peers per vCPU: Keycloak ${PEERS.keycloakSignIns.perVcpu} password sign-ins/s by its sizing rule (${PEERS.keycloakSignIns.hash}) and ${PEERS.keycloakRefreshes.perVcpu} token refreshes/s; ZITADEL ~${PEERS.zitadelSignIns.perVcpu} sign-ins/s (${PEERS.zitadelSignIns.hash}).`);
  const measured = PEERS.keycloakMeasuredSignIns.perVcpu;
  out.push(`Keycloak measured (${PEERS.keycloakMeasuredSignIns.source}): ${measured.cluster.join("–")} whole sign-ins/s per vCPU of a three-pod cluster, ${measured.best.join("–")} on current AWS machines; "vs KC" above divides by the sizing rule's ${PEERS.keycloakSignIns.perVcpu}.`);
  for (const run of report.runs) {
    if (run.signIn) {
      const s = run.signIn;
      out.push(`${run.database}: sign-in journeys p50 ${fixed(s.p50, 0)} ms, p99 ${fixed(s.p99, 0)} ms; ${s.figure.count} journeys in ${fixed(s.figure.wallSeconds)} s using ${fixed(s.figure.cpuSeconds, 2)} CPU-s${s.failed + s.errors > 0 ? `; ${s.failed} failed journeys, ${s.errors} socket errors (first: ${s.firstFailure ?? "-"})` : ""}.`);
    }
    if (run.api) {
      const a = run.api;
      out.push(`${run.database}: API calls p50 ${a.p50} ms, p99 ${a.p99} ms; ${a.figure.count} calls in ${fixed(a.figure.wallSeconds)} s using ${fixed(a.figure.cpuSeconds, 2)} CPU-s${a.bad > 0 ? `; ${a.bad} unexpected answers` : ""}.`);
    }
    if (run.oidc) {
      const loads = [["code exchanges", run.oidc.exchanges], ["refreshes", run.oidc.refreshes], ["userinfo calls", run.oidc.userinfo]] as const;
      const said = loads.map(([what, load]) => `${load.figure.count} ${what} in ${fixed(load.figure.wallSeconds)} s using ${fixed(load.figure.cpuSeconds, 2)} CPU-s${load.bad > 0 ? ` (${load.bad} refused, first: ${load.firstFailure ?? "-"})` : ""}`);
      out.push(`${run.database}: OpenID Provider: ${said.join("; ")}; a code exchange is a whole code flow of a signed-in browser (authorization, interaction, resume) and the token request.`);
    }
    if (run.writes) {
      const steps = run.writes.steps.map((step) => `${step.step} ${fixed(step.writes)}`).join(", ");
      const cpu = run.writes.steps.map((step) => `${step.step} ${fixed(step.cpuMs, 0)}`).join(", ");
      const tables = Object.entries(run.writes.tables)
        .map(([table, count]) => `${table} ${fixed(count)}`)
        .join(", ");
      out.push(`${run.database}: writes per sign-in journey ${fixed(run.writes.writes)} (each INSERT, UPDATE or DELETE, also inside a WITH) in ${fixed(run.writes.statements)} statements (mean of ${run.writes.journeys} journeys, one at a time): ${steps}; by table: ${tables || "none"}.`);
      out.push(`${run.database}: servers' CPU ms per step of those journeys, one at a time (10 ms clock ticks, averaged): ${cpu}.`);
    }
  }
  return out;
}
