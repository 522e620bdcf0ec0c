/**
 * One size of the data-scale part (bench/data-scale.ts forks one of these per size, each on a
 * database of its own): seeds SCALE_SIZE accounts into DATABASE_URL, then times the measures as
 * its parent asks, a slice at a time, so the parent can take the two sizes in turns. Every call
 * goes through the services' HTTP app as a client calls it (in-process), each for another
 * account. Messages in: `seed`, `run` (a measure, how many calls, whether they count), `plans`,
 * `stop`; out: `seeded`, `times`, `plans`, `failed`.
 */
import { inArray } from "drizzle-orm";
import type { Plan } from "./scale-plans";
import { canSignIn, emailOf, SCALE_PROPORTIONS as PROPORTIONS, seedAccounts, type Seed } from "./seed";

const PASSWORD = "bench-Password-0123";

export type ToWorker = { op: "seed" } | { op: "run"; measure: number; count: number; counted: boolean } | { op: "plans" } | { op: "stop" };
export type FromWorker =
  | { op: "seeded"; seconds: number; measures: string[] }
  | { op: "times"; times: number[] }
  | { op: "plans"; plans: { name: string; plans: Plan[] }[] }
  | { op: "failed"; message: string };

type Call = { path: string; method?: "GET" | "POST"; body?: unknown; token?: string; operator?: string };
type Measure = { name: string; call: (i: number) => Call; after?: (answer: unknown) => void };

async function send(call: Call): Promise<unknown> {
  const { servicesApp } = await import("@/lib/backend/http/app");
  const headers: Record<string, string> = { lang: "en" };
  if (call.body !== undefined) headers["content-type"] = "application/json";
  if (call.token) headers.utoken = call.token;
  if (call.operator) headers["x-operator-token"] = call.operator;
  const request = new Request(`http://127.0.0.1${call.path}`, { method: call.method ?? "GET", headers, body: call.body === undefined ? undefined : JSON.stringify(call.body) });
  const response = await servicesApp().fetch(request, { peer: "127.0.0.1" });
  const answer: unknown = await response.json();
  const code = typeof answer === "object" && answer !== null && "code" in answer ? answer.code : 0;
  if (response.status !== 200 || code !== 0) throw new Error(`${call.method ?? "GET"} ${call.path.split("?")[0]}: HTTP ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/** Distinct accounts among the first `size` that a password sign-in opens at once, spread over them all. */
function accounts(size: number, count: number): number[] {
  const picked = new Set<number>();
  for (let k = 0; picked.size < count && k < count * 4; k += 1) {
    const i = 1 + ((k * 2_654_435_761) % size);
    if (canSignIn(i)) picked.add(i);
  }
  return [...picked];
}

function tokenOf(answer: unknown): string {
  const data = typeof answer === "object" && answer !== null && "data" in answer ? answer.data : null;
  const token = typeof data === "object" && data !== null && "utoken" in data ? data.utoken : null;
  if (typeof token !== "string") throw new Error("POST /v1/login: no utoken");
  return token;
}

/** How many sign-ins (and so sessions, and accounts for the other measures) the parent may ask for. */
const CALLS = Number(process.env.SCALE_CALLS ?? 210);

async function main(): Promise<void> {
  const size = Number(process.env.SCALE_SIZE);
  const planLog = process.env.BENCH_PG_LOG;
  if (!(size > 0) || !process.env.DATABASE_URL || !process.env.DATA_DIR) throw new Error("SCALE_SIZE, DATABASE_URL and DATA_DIR are set by bench/data-scale.ts");
  Object.assign(process.env, { LOG_LEVEL: "silent", IP_LIMIT_EXEMPT: "127.0.0.1" });
  const { getDb } = await import("@/lib/backend/db/client");
  const { shutdownBackend } = await import("@/lib/backend/lifecycle");
  const { hashPassword } = await import("@/lib/backend/services/passwords");
  const { createOperator, findOperatorByEmail } = await import("@/lib/backend/services/console/operators");
  const { openOperatorSession } = await import("@/lib/backend/services/console/operator-sessions");
  const { users } = await import("@/lib/backend/db/schema");
  const { logPlans, plansOf } = await import("./scale-plans");
  const db = await getDb();
  const reply = (message: FromWorker) => process.send?.(message);

  let measures: Measure[] = [];
  const next = new Map<number, number>();

  const seed = async () => {
    const started = Date.now();
    // one real hash for every account: each sign-in verifies it as it would its own
    const seeded: Seed = { tag: Date.now().toString(36), base: new Date(), passwordHash: await hashPassword(PASSWORD), proportions: PROPORTIONS };
    const email = `bench-operator-${seeded.tag}@console.test`;
    await createOperator({ email, name: "Bench", role: "viewer" });
    const operatorRow = await findOperatorByEmail(email);
    if (!operatorRow) throw new Error("no operator");
    const operator = await openOperatorSession(operatorRow, { ip: "127.0.0.1", userAgent: "bench" });
    await seedAccounts(db, seeded, 1, size);
    const picked = accounts(size, 2 * CALLS + 1);
    const ids = (await db.select({ id: users.id }).from(users).where(inArray(users.email, picked.slice(0, 50).map((i) => emailOf(seeded.tag, i))))).map((row) => row.id);
    const tokens: string[] = [];
    const token = (i: number) => tokens[i % Math.max(1, tokens.length)];
    const other = (i: number) => picked[CALLS + (i % CALLS)] ?? 1;
    measures = [
      // its sessions are the tokens of the signed-in measures, so it is taken first
      { name: "password sign-in (POST /v1/login)", call: (i) => ({ path: "/v1/login", method: "POST", body: { email: emailOf(seeded.tag, picked[i % CALLS] ?? 1), password: PASSWORD } }), after: (answer) => tokens.push(tokenOf(answer)) },
      { name: "first signed-in view (GET /v1/user/fullinfo)", call: (i) => ({ path: "/v1/user/fullinfo", token: token(i) }) },
      { name: "login log (GET /v1/user/session/log)", call: (i) => ({ path: "/v1/user/session/log?page=1&pageSize=10", token: token(i) }) },
      { name: "activity (GET /v1/user/security/activity)", call: (i) => ({ path: "/v1/user/security/activity?page=1&pageSize=20", token: token(i) }) },
      { name: "message list (GET /message/v1/web/list)", call: (i) => ({ path: "/message/v1/web/list?category=system&page=1&pageSize=10", token: token(i) }) },
      { name: "console search: part of an email", call: (i) => ({ path: `/v1/console/users?q=r${other(i)}-${seeded.tag}`, operator }) },
      { name: "console search: user id", call: (i) => ({ path: `/v1/console/users?q=${ids[i % Math.max(1, ids.length)] ?? ""}`, operator }) },
      { name: "console search: sign-in address", call: (i) => ({ path: `/v1/console/users?q=10.${other(i) % 50}.${Math.floor(other(i) / 50) % 100}.1`, operator }) },
    ];
    // for the plans: an account no timed sign-in used
    measures.push({ name: "plan: sign-in", call: () => ({ path: "/v1/login", method: "POST", body: { email: emailOf(seeded.tag, picked[picked.length - 1] ?? 1), password: PASSWORD } }) });
    reply({ op: "seeded", seconds: (Date.now() - started) / 1000, measures: measures.slice(0, -1).map((measure) => measure.name) });
  };

  const run = async (index: number, count: number, counted: boolean) => {
    const measure = measures[index];
    if (!measure) throw new Error(`no measure ${index}`);
    const times: number[] = [];
    for (let k = 0; k < count; k += 1) {
      const i = next.get(index) ?? 0;
      next.set(index, i + 1);
      const begin = performance.now();
      const answer = await send(measure.call(i));
      const took = performance.now() - begin;
      measure.after?.(answer);
      if (counted) times.push(took);
    }
    reply({ op: "times", times });
  };

  const plans = async () => {
    if (!planLog) return reply({ op: "plans", plans: [] });
    await logPlans(db, true);
    try {
      const found: { name: string; plans: Plan[] }[] = [];
      const signInPlan = measures[measures.length - 1];
      const [first, ...rest] = measures.slice(0, -1);
      if (first && signInPlan) found.push({ name: first.name, plans: await plansOf(planLog, async () => void (await send(signInPlan.call(0)))) });
      for (const measure of rest) found.push({ name: measure.name, plans: await plansOf(planLog, async () => void (await send(measure.call(1)))) });
      reply({ op: "plans", plans: found });
    } finally {
      await logPlans(db, false);
    }
  };

  // one message at a time, in order: the parent waits for each answer before the next
  let queue = Promise.resolve();
  process.on("message", (message: ToWorker) => {
    queue = queue.then(async () => {
      try {
        if (message.op === "seed") await seed();
        else if (message.op === "run") await run(message.measure, message.count, message.counted);
        else if (message.op === "plans") await plans();
        else {
          await shutdownBackend();
          process.disconnect();
        }
      } catch (error: unknown) {
        reply({ op: "failed", message: error instanceof Error ? error.message : String(error) });
      }
    });
  });
}

main().catch((error: unknown) => {
  process.send?.({ op: "failed", message: error instanceof Error ? error.message : String(error) } satisfies FromWorker);
  process.exitCode = 1;
});
