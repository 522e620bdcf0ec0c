/**
 * The bench's reference for POST /v1/login (bench/run.ts runs it as its own Node process, as
 * the portal is one): the services' own argon2id hash and verify (lib/backend/services/passwords.ts,
 * so the same parameters), BENCH_CONCURRENCY verifications in flight for BENCH_SECONDS.
 * BENCH_ARGON2="m,t,p" (KiB, iterations, lanes) measures other parameters instead, with the same
 * library (the per-core part measures Keycloak's, m=7168 t=5 p=1, beside ours).
 * Prints one JSON line: { verifies, seconds, perSecond, p50, p99, cpuSeconds, phc } (latencies
 * in ms; cpuSeconds of this whole process, its threads included; phc = the hash's parameter part).
 */
import { hash, verify, type Algorithm } from "@node-rs/argon2";
import { hashPassword, verifyPassword } from "@/lib/backend/services/passwords";

/** The hash and verify functions of the parameters asked for: the services' own by default. */
function hasher(): { make: (password: string) => Promise<string>; check: (stored: string, password: string) => Promise<boolean> } {
  const asked = process.env.BENCH_ARGON2?.trim();
  if (!asked) return { make: hashPassword, check: verifyPassword };
  const [memoryCost, timeCost, parallelism] = asked.split(",").map(Number);
  if (![memoryCost, timeCost, parallelism].every((value) => Number.isInteger(value) && (value ?? 0) > 0)) throw new Error(`BENCH_ARGON2 must be "m,t,p", not ${JSON.stringify(asked)}`);
  const options = { algorithm: 2 as Algorithm, memoryCost, timeCost, parallelism };
  return { make: (password) => hash(password, options), check: (stored, password) => verify(stored, password) };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const password = "bench-password-0123";
  const { make, check } = hasher();
  const stored = await make(password);
  // a short warm-up, as the HTTP measurements have
  await Promise.all(Array.from({ length: concurrency }, () => check(stored, password)));

  const latencies: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      const t0 = performance.now();
      if (!(await check(stored, password))) throw new Error("argon2 verify failed on the right password");
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const phc = stored.split("$").slice(0, 4).join("$");
  latencies.sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({ verifies: latencies.length, seconds: elapsed, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuSeconds: (cpu.user + cpu.system) / 1e6, phc })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
