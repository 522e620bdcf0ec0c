/**
 * The query plans of the data-scale part's hot statements, as PostgreSQL ran them: auto_explain
 * (loaded by the bench's server, off until asked) logs every statement's plan with its actual
 * rows and buffers while one request of each kind runs; the part reads them back from the
 * server's log file and flags a sequential scan of a large table (bench/scale-maths.ts).
 */
import { open, stat } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { seqScansOnLarge } from "./scale-maths";

type Db = Awaited<ReturnType<typeof import("@/lib/backend/db/client").getDb>>;

export type Plan = { query: string; plan: string; seqScans: string[] };

/** Turns the plan logging on (every statement, with actual rows and buffers) or off, for every connection. */
export async function logPlans(db: Db, on: boolean): Promise<void> {
  const settings: [string, string][] = [["auto_explain.log_min_duration", on ? "0" : "-1"], ["auto_explain.log_analyze", on ? "on" : "off"], ["auto_explain.log_buffers", on ? "on" : "off"]];
  for (const [name, value] of settings) await db.execute(sql.raw(`alter system set ${name} = '${value}'`));
  await db.execute(sql`select pg_reload_conf()`);
}

async function size(file: string): Promise<number> {
  return (await stat(file)).size;
}

/** The log's size once the logging collector has stopped writing (it writes a moment after the statements). */
async function settled(file: string): Promise<number> {
  let last = await size(file);
  for (let i = 0; i < 40; i += 1) {
    await sleep(100);
    const now = await size(file);
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** Runs `work`, and gives the plans the server logged meanwhile. */
export async function plansOf(file: string, work: () => Promise<void>): Promise<Plan[]> {
  const from = await settled(file);
  await work();
  const to = await settled(file);
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(to - from);
    await handle.read(buffer, 0, buffer.length, from);
    return parsePlans(buffer.toString("utf8"));
  } finally {
    await handle.close();
  }
}

/** The auto_explain entries of a stretch of the server's log (default line prefix: a timestamp, then the pid). */
export function parsePlans(text: string): Plan[] {
  const entries = text.split(/\n(?=\d{4}-\d{2}-\d{2} )/);
  const plans: Plan[] = [];
  for (const entry of entries) {
    if (!/LOG:\s+duration: [\d.]+ ms\s+plan:/.test(entry)) continue;
    const lines = entry.split("\n").slice(1).map((line) => line.replace(/^\t/, ""));
    const start = lines.findIndex((line) => line.startsWith("Query Text:"));
    // the statement runs on until the first line of the plan (a node with its cost)
    const end = lines.findIndex((line, i) => i > start && /\(cost=/.test(line));
    if (start < 0 || end < 0) continue;
    const query = lines.slice(start, end).join(" ").replace(/^Query Text:\s*/, "").replace(/\s+/g, " ").trim();
    const plan = lines.slice(end).join("\n").trimEnd();
    plans.push({ query, plan, seqScans: seqScansOnLarge(plan) });
  }
  return plans;
}
