/**
 * The pure half of the data-scale part (bench/data-scale.ts) and the console search's
 * percentiles: no timing here, tests/unit/bench/scale-maths.test.ts checks it.
 */

/** The p-th percentile of ascending values, nearest rank below (0 for none). */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Goal of the data-scale part: p99 at the large size at most this many times p99 at the small one. */
export const FLAT_GOAL = 1.5;

/** p99 at the large size over p99 at the small one, and whether it meets the goal (a missing small figure fails). */
export function flatVerdict(small: number, large: number, goal = FLAT_GOAL): { ratio: number; pass: boolean } {
  if (!(small > 0) || !(large >= 0)) return { ratio: 0, pass: false };
  const ratio = large / small;
  return { ratio, pass: ratio <= goal };
}

/** The tables a sequential scan of which is a finding (the seeded ones, which grow with the accounts). */
export const LARGE_TABLES = ["users", "sessions", "two_step_totp", "passkeys", "social_accounts", "message_deliveries", "account_events", "sign_in_failures", "exchange_codes"] as const;

/** The large tables a plan reads by a sequential scan, in order of appearance, each once. */
export function seqScansOnLarge(plan: string): string[] {
  const found = new Set<string>();
  for (const match of plan.matchAll(/Seq Scan on "?([a-z_]+)"?/g)) {
    const table = match[1] ?? "";
    if ((LARGE_TABLES as readonly string[]).includes(table)) found.add(table);
  }
  return [...found];
}

/** One measure at both sizes: its p50 and p99 in ms at each, the ratio of the p99s and its verdict. */
export type ScaleRow = { measure: string; small: { p50: number; p99: number }; large: { p50: number; p99: number }; ratio: number; pass: boolean };

const ms = (value: number) => value.toFixed(1);
const count = (value: number) => (value >= 1_000_000 && value % 1_000_000 === 0 ? `${value / 1_000_000}M` : value >= 1000 && value % 1000 === 0 ? `${value / 1000}k` : String(value));

/** The rows as the bench prints its tables: the measure left, numbers right, two spaces between. */
export function scaleTable(rows: readonly ScaleRow[], sizes: readonly [number, number], goal = FLAT_GOAL): string {
  const [small, large] = sizes.map(count);
  const header = ["measure", `p50 ${small}`, `p99 ${small}`, `p50 ${large}`, `p99 ${large}`, `p99 ${large}/${small}`, "goal", "pass/fail"];
  const cells = rows.map((row) => [row.measure, ms(row.small.p50), ms(row.small.p99), ms(row.large.p50), ms(row.large.p99), row.ratio.toFixed(2), `≤ ${goal}×`, row.pass ? "pass" : "FAIL"]);
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((cell) => (cell[i] ?? "").length)));
  const line = (cell: string[]) => cell.map((value, i) => (i === 0 ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0))).join("  ").trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...cells.map(line)].join("\n");
}
