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
 * not say). A frame the host made in its click handler shares that click's activation for a few
 * seconds; a storage-access request made then is a prompt, and Chromium keeps the answer for the
 * host's site, so a FedCM sign-in there no longer grants the frame access (docs/fedcm.md). A
 * request without it is never a prompt: granted unasked, or refused and forgotten.
 */
export function withoutUserActivation(signal: AbortSignal): Promise<void> {
  const active = () => (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive === true;
  return new Promise((resolve) => {
    if (!active()) return resolve();
    const timer = window.setInterval(() => {
      if (active() && !signal.aborted) return;
      window.clearInterval(timer);
      if (!signal.aborted) resolve();
    }, ACTIVATION_POLL_MS);
  });
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
