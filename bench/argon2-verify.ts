/**
 * The bench's reference for POST /v1/login (bench/run.ts runs it as its own Node process, as
 * the portal is one): the services' own argon2id hash and verify (lib/backend/services/passwords.ts,
 * so the same parameters), BENCH_CONCURRENCY verifications in flight for BENCH_SECONDS.
 * Prints one JSON line: { verifies, seconds, perSecond, p50, p99 } (latencies in ms).
 */
import { hashPassword, verifyPassword } from "@/lib/backend/services/passwords";

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const password = "bench-password-0123";
  const stored = await hashPassword(password);
  // a short warm-up, as the HTTP measurements have
  await Promise.all(Array.from({ length: concurrency }, () => verifyPassword(stored, password)));

  const latencies: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async (): Promise<void> => {
    while (performance.now() < end) {
      const t0 = performance.now();
      if (!(await verifyPassword(stored, password))) throw new Error("argon2 verify failed on the right password");
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  process.stdout.write(
    `${JSON.stringify({ verifies: latencies.length, seconds: elapsed, perSecond: latencies.length / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99) })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
