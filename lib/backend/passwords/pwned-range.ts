import { createHash } from "node:crypto";
import { log } from "../log";

/**
 * Have I Been Pwned's k-anonymity range API (or a compatible mirror, PWNED_PASSWORDS_URL): the
 * SHA-1 of the password is computed here and only its first five hex characters leave the
 * server (GET {url}/range/{prefix}); the answer lists every known hash suffix of that prefix
 * with how often it was seen, and the match is made here. `Add-Padding: true` asks for decoy
 * lines (count 0) so the answer's size says nothing about the prefix; those are ignored.
 *
 * Fail-open: a slow (over 2 s), failing or unreadable answer lets the password through with one
 * warn line that names the reason only (no password, hash, prefix or address). The offline list
 * has already been checked by then (password-check.ts), so an outage weakens the check, never
 * blocks a user.
 */
const TIMEOUT_MS = 2_000;
/** A real answer is about 40 KB (some 800–1 000 lines); anything far larger is not one. */
const MAX_BODY_BYTES = 1 << 20;

class RangeFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

function sha1Hex(password: string): string {
  return createHash("sha1").update(password, "utf8").digest("hex").toUpperCase();
}

async function readCapped(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new RangeFailure("answer too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Whether `suffix` is among the answer's `SUFFIX:COUNT` lines with a count above 0. */
export function foundInRange(answer: string, suffix: string): boolean {
  return answer.split(/\r?\n/).some((line) => {
    const [candidate, count] = line.trim().split(":");
    return candidate?.toUpperCase() === suffix && Number.parseInt(count ?? "0", 10) > 0;
  });
}

function reasonOf(error: unknown): string {
  if (error instanceof RangeFailure) return error.reason;
  // by name, not instanceof: the abort is a DOMException, which may come from another realm
  const name = typeof error === "object" && error !== null && "name" in error ? error.name : null;
  return name === "TimeoutError" || name === "AbortError" ? "timeout" : "network error";
}

/** True when the range API knows the password (NFC, as it is hashed); false when it does not, or did not answer. */
export async function isPwnedPassword(baseUrl: string, password: string): Promise<boolean> {
  const digest = sha1Hex(password.normalize("NFC"));
  try {
    const response = await fetch(`${baseUrl}/range/${digest.slice(0, 5)}`, {
      headers: { "Add-Padding": "true" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "error",
      cache: "no-store",
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new RangeFailure(`status ${response.status}`);
    }
    return foundInRange(await readCapped(response), digest.slice(5));
  } catch (error) {
    log().warn({ event: "pwned passwords unavailable", reason: reasonOf(error) }, "pwned passwords: no answer from the range API, the password was checked against the offline list only");
    return false;
  }
}
