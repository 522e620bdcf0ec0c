"use client";

import type { VerificationProvider } from "@/lib/contract/verification";

const LOAD_TIMEOUT_MS = 15_000;
const pending = new Map<string, Promise<void>>();

/**
 * Loads a third-party script once. Rejects when it fails or takes too long, and forgets the
 * failure so a later attempt loads it again.
 */
export function loadScript(src: string): Promise<void> {
  const known = pending.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    const timer = window.setTimeout(() => fail(), LOAD_TIMEOUT_MS);
    function fail() {
      window.clearTimeout(timer);
      script.remove();
      pending.delete(src);
      reject(new Error("script load failed"));
    }
    script.src = src;
    script.async = true;
    script.onload = () => {
      window.clearTimeout(timer);
      resolve();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  pending.set(src, loading);
  return loading;
}

/** Tells the portal's log that a verification script failed to load (SPEC §8: code 1002, logged). No user data. */
export function reportScriptFailure(provider: VerificationProvider): void {
  void fetch("/api/client-log", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ event: "captcha_script_load_failed", provider, code: 1002 }),
    keepalive: true,
  }).catch(() => undefined);
}
