/**
 * @jest-environment node
 */
import { instanceReadiness, type ServicesCheck } from "@/lib/server/probes";
import { markDraining } from "@/lib/server/draining";

/**
 * /readyz is this instance's own state (lib/server/probes.ts): not ready until its embedded
 * services have answered ready once, then ready through an outage of the database or Redis they
 * share with every other instance (reported in `checks`, so a balancer keeps every instance in
 * and the public pages keep serving), and not ready from the moment it drains.
 */
type Services = Awaited<ReturnType<ServicesCheck>>;
const UP: Services = { ready: true, database: "ok", redis: "ok" };
const DATABASE_DOWN: Services = { ready: false, database: "unavailable", redis: "ok" };
const REDIS_DOWN: Services = { ready: false, database: "ok", redis: "unavailable" };

/** A readiness whose services answer, in turn, each of `answers` (the last one from then on). */
function readinessAnswering(...answers: Services[]) {
  const queue = [...answers];
  return instanceReadiness(async () => (queue.length > 1 ? queue.shift() : queue[0]) ?? UP);
}

test("an instance whose services never answered ready is not ready, and says which check failed", async () => {
  const readiness = readinessAnswering({ ready: false, database: "starting", redis: "none" }, { ready: false, database: "migrations pending", redis: "none" });
  expect(await readiness()).toEqual({ ready: false, checks: { draining: false, database: "starting", redis: "none" } });
  expect(await readiness()).toEqual({ ready: false, checks: { draining: false, database: "migrations pending", redis: "none" } });
});

test("once ready, a database outage shared by every instance leaves it ready, and the outage is reported", async () => {
  const readiness = readinessAnswering(UP, DATABASE_DOWN, UP);
  expect(await readiness()).toEqual({ ready: true, checks: { draining: false, database: "ok", redis: "ok" } });
  expect(await readiness()).toEqual({ ready: true, checks: { draining: false, database: "unavailable", redis: "ok" } });
  expect(await readiness()).toEqual({ ready: true, checks: { draining: false, database: "ok", redis: "ok" } });
});

test("once ready, a Redis outage leaves it ready too", async () => {
  const readiness = readinessAnswering(UP, REDIS_DOWN);
  await readiness();
  expect(await readiness()).toEqual({ ready: true, checks: { draining: false, database: "ok", redis: "unavailable" } });
});

test("each instance's readiness is its own: a new one still waits for its services", async () => {
  const running = readinessAnswering(UP, DATABASE_DOWN);
  await running();
  const started = readinessAnswering(DATABASE_DOWN);
  expect((await running()).ready).toBe(true);
  expect((await started()).ready).toBe(false);
});

test("without embedded services it is ready; draining makes every readiness 503 at once, without asking the services", async () => {
  const remote = instanceReadiness(undefined);
  expect(await remote()).toEqual({ ready: true, checks: { draining: false } });
  const asked = jest.fn(async () => UP);
  const embedded = instanceReadiness(asked);
  await embedded();
  markDraining();
  expect(await embedded()).toEqual({ ready: false, checks: { draining: true } });
  expect(await remote()).toEqual({ ready: false, checks: { draining: true } });
  expect(asked).toHaveBeenCalledTimes(1);
});
