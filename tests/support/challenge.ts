import type { Challenge } from "altcha-lib";

/** An answer's data as a proof-of-work challenge, checked rather than assumed (backend tests and the scale-out test's clients). */
export function challengeOf(data: unknown): Challenge {
  const value = data as Partial<Challenge> | null;
  if (!value || typeof value !== "object" || typeof value.signature !== "string" || typeof value.parameters !== "object" || value.parameters === null) {
    throw new Error(`not a proof-of-work challenge: ${JSON.stringify(data)}`);
  }
  return value as Challenge;
}
