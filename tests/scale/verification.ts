import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { challengeOf } from "../support/challenge";
import { api } from "./http";

/**
 * A human-verification ticket as any client gets one: the services' proof-of-work challenge for
 * a scene and an email, solved here, exchanged for a ticket. Returns null when a step was not
 * answered with code 0 (the caller's ledger has the step).
 */
export type Step = (kind: string, call: () => Promise<{ status: number; envelope: { code: number; data?: Record<string, unknown> } }>) => Promise<{ code: number; data?: Record<string, unknown> } | null>;

export async function ticketFor(step: Step, base: string, scene: string, email: string, from: string): Promise<string | null> {
  const challenge = await step("verify", () => api(base, "GET", `/v1/verify/challenge?${new URLSearchParams({ scene, email })}`, { from }));
  if (!challenge?.data) return null;
  const data = challengeOf(challenge.data);
  const solution = await solveChallenge({ challenge: data, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error("the proof of work could not be solved");
  const payload = Buffer.from(JSON.stringify({ challenge: { parameters: data.parameters, signature: data.signature }, solution })).toString("base64");
  const reply = await step("verify", () => api(base, "POST", "/v1/verify/pow", { body: { scene, email, payload }, from }));
  const ticket = reply?.data?.ticket;
  return typeof ticket === "string" ? ticket : null;
}
