/**
 * Cookies in a host's frame (docs/embedding.md): whether this frame can keep a session at all,
 * and the Storage Access API, which lets a frame use the browser's own (unpartitioned) session
 * after the user agrees, on a click. Client-only; every browser API here may be missing.
 */
const PROBE = "passport_probe";

/**
 * Whether a cookie set here survives: the same attributes as the framed session cookie
 * (Secure, SameSite=None, Partitioned; lib/session/cookie.ts). False when the browser keeps no
 * cookies in third-party frames, not even partitioned ones.
 */
export function framedCookiesWork(): boolean {
  const secure = window.isSecureContext ? "; Secure; SameSite=None; Partitioned" : "";
  try {
    document.cookie = `${PROBE}=1; Path=/; Max-Age=60${secure}`;
    const kept = document.cookie.split("; ").includes(`${PROBE}=1`);
    document.cookie = `${PROBE}=; Path=/; Max-Age=0${secure}`;
    return kept;
  } catch {
    return false;
  }
}

type StorageAccessDocument = Document & {
  hasStorageAccess?: () => Promise<boolean>;
  requestStorageAccess?: () => Promise<void>;
};

/** "available": the browser could grant this frame its unpartitioned cookies on a click. */
export async function storageAccessState(): Promise<"granted" | "available" | "unsupported"> {
  const doc = document as StorageAccessDocument;
  if (typeof doc.hasStorageAccess !== "function" || typeof doc.requestStorageAccess !== "function") return "unsupported";
  try {
    return (await doc.hasStorageAccess()) ? "granted" : "available";
  } catch {
    return "unsupported";
  }
}

/** How often `withoutUserActivation` looks whether the host's click has lapsed. */
const ACTIVATION_POLL_MS = 250;

/**
 * Resolves once this document holds no transient user activation (at once where the browser does
 * not say), or once `signal` aborts. A frame the host made in its click handler shares that click's activation for a few
 * seconds; a storage-access request made then is a prompt, and Chromium keeps the answer for the
 * host's site, so a FedCM sign-in there no longer grants the frame access (docs/fedcm.md). A
 * request without it is never a prompt: granted unasked, or refused and forgotten.
 */
function withoutUserActivation(signal: AbortSignal): Promise<void> {
  const active = () => (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive === true;
  return new Promise((resolve) => {
    if (!active() || signal.aborted) return resolve();
    const timer = window.setInterval(() => {
      if (active() && !signal.aborted) return;
      window.clearInterval(timer);
      resolve();
    }, ACTIVATION_POLL_MS);
  });
}

/**
 * The waits before asking again after each refusal in `requestStorageAccessUnprompted`: about
 * fifteen seconds in all, then the frame stops asking until the user clicks its button.
 */
export const UNPROMPTED_RETRY_MS: readonly number[] = [1_000, 2_000, 4_000, 8_000];

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const timer = window.setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      window.clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Asks for storage access without ever being the browser's prompt: each time only while this
 * document holds no user activation, and after a refusal again, after each of `waits` in turn.
 * Chromium grants such a request unasked after a FedCM sign-in on the host's page, but refuses it
 * for a while after that sign-in (docs/fedcm.md); a refusal without activation is not remembered,
 * so asking again is safe. True once granted; false after the last refusal, or once aborted.
 */
export async function requestStorageAccessUnprompted(signal: AbortSignal, waits: readonly number[] = UNPROMPTED_RETRY_MS): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    await withoutUserActivation(signal);
    if (signal.aborted) return false;
    if (await requestStorageAccess()) return true;
    const wait = waits[attempt];
    if (wait === undefined || !(await pause(wait, signal))) return false;
  }
}

/** Asks for storage access; inside a click handler this may be the browser's prompt. */
export async function requestStorageAccess(): Promise<boolean> {
  const doc = document as StorageAccessDocument;
  if (typeof doc.requestStorageAccess !== "function") return false;
  try {
    await doc.requestStorageAccess();
    return true;
  } catch {
    return false;
  }
}
