/**
 * Database writes per sign-in: the same browser journey as bench/per-core/journey.ts, one at a
 * time with fetch, reading the server's statement counters (bench/per-core/count-queries.mts,
 * asked with SIGUSR2) around every step, so each step's INSERT/UPDATE/DELETE statements are
 * counted exactly, nothing else running.
 */
import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { groupCpuSeconds } from "./cpu";
import { BROWSER_ACCEPT_ENCODING, type Account } from "./journey";
import { actionRedirect, cookieHeader, loginRouterStateTree, storeCookies } from "./maths";

type Counts = { seq: number; statements: number; writes: number; tables: Record<string, number> };
/** per journey: a step's writes and statements, and the servers' CPU milliseconds it took (/proc's 10 ms ticks, summed over the journeys) */
export type StepWrites = { step: string; writes: number; statements: number; cpuMs: number };
/** per journey: writes, statements, each step's, and each kind of write ("insert sessions") */
export type WritesResult = { journeys: number; writes: number; statements: number; steps: StepWrites[]; tables: Record<string, number> };

/** The server's counters now: signals it and waits for the file to show the new sequence number. */
async function countsOf(pid: number, file: string, last: number): Promise<Counts> {
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 500; i += 1) {
    try {
      const counts = JSON.parse(await readFile(file, "utf8")) as Counts;
      if (counts.seq > last) return counts;
    } catch {
      // not written yet, or being written
    }
    await sleep(5);
  }
  throw new Error("the portal's statement counter did not answer (bench/per-core/count-queries.mts)");
}

export type JourneyTarget = { port: number; actionId: string; variant: string; account: Account };

/**
 * One sign-in journey with fetch, step by step; `after(step)` runs once each step has answered.
 * The per-core loads also run one first, so a fresh server has rendered every page once.
 */
/** One sign-in journey; where its sign-in action sent the browser. */
export async function oneJourney(target: JourneyTarget, after: (step: string) => Promise<void> = async () => {}): Promise<string> {
  const { port, actionId, variant, account } = target;
  const origin = `http://127.0.0.1:${port}`;
  const jar = new Map<string, string>();
  const get = async (pathname: string, accept: string, check: (status: number, body: string) => boolean) => {
    const response = await fetch(`${origin}${pathname}`, { headers: { accept, "accept-encoding": BROWSER_ACCEPT_ENCODING, ...(jar.size ? { cookie: cookieHeader(jar) } : {}), "sec-fetch-site": "same-origin" }, redirect: "manual" });
    const body = await response.text();
    storeCookies(jar, response.headers.getSetCookie());
    if (!check(response.status, body)) throw new Error(`GET ${pathname}: ${response.status} ${body.slice(0, 200)}`);
  };
  await get("/en/login", "text/html", (status) => status === 200);
  await after("GET /en/login");
  const response = await fetch(`${origin}/en/login`, {
    method: "POST",
    headers: {
      "next-action": actionId,
      "next-router-state-tree": loginRouterStateTree("en", variant),
      accept: "text/x-component",
      "accept-encoding": BROWSER_ACCEPT_ENCODING,
      "content-type": "text/plain;charset=UTF-8",
      origin,
      ...(jar.size ? { cookie: cookieHeader(jar) } : {}),
    },
    body: JSON.stringify([{ email: account.email, password: account.password, remember: false }, { lang: "en", query: "" }, "$undefined"]),
  });
  const body = await response.text();
  storeCookies(jar, response.headers.getSetCookie());
  const redirect = actionRedirect(body);
  if (response.status !== 200 || !redirect) throw new Error(`the sign-in action: ${response.status} ${body.slice(-300)}`);
  await after("POST /en/login (the sign-in action)");
  await get(redirect, "text/html", (status) => status === 200);
  await after("GET the redirect, signed in");
  for (const data of ["/api/profile", "/api/messages/count", "/api/training/menu"]) {
    await get(`${data}?lang=en`, "application/json", (status, answer) => status === 200 && answer.startsWith('{"ok":true'));
    await after(`GET ${data}`);
  }
  return redirect;
}

export async function writesPerSignIn(options: JourneyTarget & { pid: number; file: string; journeys: number; groups: number[] }): Promise<WritesResult> {
  const totals = new Map<string, StepWrites>();
  let previous = await countsOf(options.pid, options.file, 0);
  let cpu = groupCpuSeconds(options.groups);
  const first = previous;
  const after = async (step: string) => {
    const cpuNow = groupCpuSeconds(options.groups);
    const now = await countsOf(options.pid, options.file, previous.seq);
    const entry = totals.get(step) ?? { step, writes: 0, statements: 0, cpuMs: 0 };
    entry.writes += now.writes - previous.writes;
    entry.statements += now.statements - previous.statements;
    entry.cpuMs += (cpuNow - cpu) * 1000;
    totals.set(step, entry);
    previous = now;
    // the counter's own answer is not a step's work
    cpu = groupCpuSeconds(options.groups);
  };
  for (let journey = 0; journey < options.journeys; journey += 1) await oneJourney(options, after);
  const steps = [...totals.values()].map((step) => ({ ...step, writes: step.writes / options.journeys, statements: step.statements / options.journeys, cpuMs: step.cpuMs / options.journeys }));
  const tables = Object.fromEntries(
    Object.entries(previous.tables)
      .map(([table, count]): [string, number] => [table, (count - (first.tables[table] ?? 0)) / options.journeys])
      .filter(([, count]) => count > 0),
  );
  return {
    tables,
    journeys: options.journeys,
    writes: steps.reduce((sum, step) => sum + step.writes, 0),
    statements: steps.reduce((sum, step) => sum + step.statements, 0),
    steps,
  };
}
