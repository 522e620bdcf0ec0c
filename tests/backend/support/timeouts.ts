/**
 * How long a backend test or hook may run before jest calls it hung: one budget for all, set
 * by setup-backend.ts. It is not a measure of speed (a slow answer is the bench's business),
 * only the end of a hang, so it lies far above the slowest test seen on a busy 2-core machine
 * (well under a minute): a tight budget there fails a test that was merely waiting for the
 * CPU, and jest then tears the test down while its work still runs. BACKEND_TEST_TIMEOUT_MS
 * changes it.
 */
export const TEST_TIMEOUT = Number(process.env.BACKEND_TEST_TIMEOUT_MS ?? 5 * 60_000);
