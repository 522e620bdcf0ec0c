/**
 * The passkey line of the bench (bench/run.ts): sign-ins per second with a passkey against
 * password sign-ins, both as a client makes them over HTTP, in the same run. A passkey sign-in is
 * two calls (its options, then the answer, signed by the test-support software authenticator);
 * a password sign-in is one call that costs an argon2id verify. The passkey reports a counter of 0,
 * as synced passkeys do, so the connections can share it.
 */
import { authenticationOptionsResponse, registrationOptionsResponse } from "@/lib/contract/passkeys";
import { SoftAuthenticator } from "../tests/support/soft-authenticator";

type Envelope = { code?: number; data?: unknown };
export type LoopLoad = { perSecond: number; p50: number; p99: number; requests: number; bad: number };

async function post(base: string, path: string, body: unknown, token?: string): Promise<Envelope> {
  const response = await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { utoken: token } : {}) }, body: JSON.stringify(body) });
  return (await response.json()) as Envelope;
}

function ok(reply: Envelope, what: string): unknown {
  if (reply.code !== 0) throw new Error(`${what}: ${JSON.stringify(reply)}`);
  return reply.data;
}

/** Signs the account in, proves it (step-up) and registers a passkey for `origin` (the portal as browsers reach it). */
export async function enrolPasskey(base: string, account: { email: string; password: string }, origin: string): Promise<SoftAuthenticator> {
  const session = ok(await post(base, "/v1/login", account), "POST /v1/login") as { utoken: string };
  ok(await post(base, "/v1/user/step-up", { password: account.password }, session.utoken), "POST /v1/user/step-up");
  const { attempt, options } = registrationOptionsResponse.parse(ok(await post(base, "/v1/user/passkey/register/options", {}, session.utoken), "passkey options"));
  const device = new SoftAuthenticator(origin);
  ok(await post(base, "/v1/user/passkey/register", { attempt, name: "bench", response: device.create(options) }, session.utoken), "passkey register");
  return device;
}

export async function passkeySignIn(base: string, device: SoftAuthenticator): Promise<boolean> {
  const options = await post(base, "/v1/login/passkey/options", {});
  if (options.code !== 0) return false;
  const { attempt, options: request } = authenticationOptionsResponse.parse(options.data);
  return (await post(base, "/v1/login/passkey", { attempt, response: device.get(request, { counter: 0 }) })).code === 0;
}

export async function passwordSignIn(base: string, account: { email: string; password: string }): Promise<boolean> {
  return (await post(base, "/v1/login", account)).code === 0;
}

/** `connections` clients signing in one after another for `seconds`: completed sign-ins per second. */
export async function signInLoop(seconds: number, connections: number, once: () => Promise<boolean>): Promise<LoopLoad> {
  const latencies: number[] = [];
  let bad = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const at = performance.now();
        const good = await once().catch(() => false);
        latencies.push(performance.now() - at);
        if (!good) bad += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const ms = (value: number) => Math.round(value * 10) / 10;
  return { perSecond: elapsed > 0 ? (latencies.length - bad) / elapsed : 0, p50: ms(pick(0.5)), p99: ms(pick(0.99)), requests: latencies.length, bad };
}
