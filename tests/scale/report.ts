import type { Entry, Ledger, Outcome } from "./ledger";

/**
 * The summary of a run: requests by kind and outcome with their p50/p99 latency, the fault
 * windows with what happened inside them, and the errors that fail the run: a lost request or a
 * 5xx anywhere, except 503 inside the PostgreSQL outage's window (counted and shown).
 */
const OUTCOMES: Outcome[] = ["ok", "refused", "503", "5xx", "lost"];

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const pad = (value: string | number, width: number) => String(value).padStart(width);
const seconds = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : "—");

function inWindow(entry: Entry, ledger: Ledger, allows503: boolean): boolean {
  // a request counts for a window when it was under way during it (a 5 s tail for the pools to reconnect)
  return ledger.windows.some((window) => window.allows503 === allows503 && entry.at <= window.end + 5_000 && entry.at + entry.ms >= window.start);
}

export function faultyEntries(ledger: Ledger): { allowed503: Entry[]; failures: Entry[] } {
  const allowed503: Entry[] = [];
  const failures: Entry[] = [];
  for (const entry of ledger.entries) {
    if (entry.outcome === "503" && inWindow(entry, ledger, true)) allowed503.push(entry);
    else if (entry.outcome === "503" || entry.outcome === "5xx" || entry.outcome === "lost") failures.push(entry);
  }
  return { allowed503, failures };
}

export function summary(ledger: Ledger, loadMs: number): string {
  const kinds = [...new Set(ledger.entries.map((entry) => entry.kind))].sort();
  const lines: string[] = [];
  lines.push(`${"kind".padEnd(18)}${OUTCOMES.map((o) => pad(o, 8)).join("")}${pad("p50 ms", 9)}${pad("p99 ms", 9)}`);
  for (const kind of [...kinds, "all"]) {
    const entries = ledger.entries.filter((entry) => kind === "all" || entry.kind === kind);
    const counts = OUTCOMES.map((outcome) => pad(entries.filter((entry) => entry.outcome === outcome).length, 8)).join("");
    const times = entries.filter((entry) => entry.outcome === "ok").map((entry) => entry.ms);
    lines.push(`${kind.padEnd(18)}${counts}${pad(Math.round(percentile(times, 50)), 9)}${pad(Math.round(percentile(times, 99)), 9)}`);
  }
  lines.push(`${ledger.entries.length} requests in ${seconds(loadMs)} s (${(ledger.entries.length / (loadMs / 1000)).toFixed(1)}/s), ${ledger.accounts.length} accounts registered`);
  lines.push("");
  lines.push(`${"fault window".padEnd(26)}${pad("from s", 8)}${pad("to s", 8)}${pad("requests", 10)}${pad("refused", 9)}${pad("503", 6)}${pad("other 5xx", 11)}${pad("lost", 6)}`);
  for (const window of ledger.windows) {
    const inside = ledger.entries.filter((entry) => entry.at <= window.end && entry.at + entry.ms >= window.start);
    const count = (outcome: Outcome) => inside.filter((entry) => entry.outcome === outcome).length;
    lines.push(`${window.name.padEnd(26)}${pad(seconds(window.start), 8)}${pad(seconds(window.end), 8)}${pad(inside.length, 10)}${pad(count("refused"), 9)}${pad(count("503"), 6)}${pad(count("5xx"), 11)}${pad(count("lost"), 6)}`);
  }
  const outside = ledger.entries.filter((entry) => entry.outcome === "refused" && !ledger.windows.some((window) => entry.at <= window.end + 5_000 && entry.at + entry.ms >= window.start));
  lines.push(`refused outside the fault windows (and their 5 s tails): ${outside.length}${outside.length > 0 ? ` (${[...new Set(outside.map((entry) => entry.kind))].join(", ")})` : ""}`);
  return lines.join("\n");
}
