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

/** Asks for storage access; must run inside a click handler. */
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
