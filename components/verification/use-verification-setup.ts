"use client";

import { useEffect, useState } from "react";
import type { VerificationConfig } from "@/lib/contract/verification";
import { fetchApi } from "@/lib/session/api-answer";
import type { VerificationSetup } from "@/lib/validation/verification";

/** One request per page load, shared by every widget of the page; a failure is asked again next time. */
let pending: Promise<VerificationSetup> | null = null;

function load(): Promise<VerificationSetup> {
  pending ??= fetchApi<VerificationConfig>("/api/verification/config").then((answer) => {
    if (answer.ok) return { ok: true, config: answer.data };
    pending = null;
    return { ok: false, code: answer.error.code };
  });
  return pending;
}

/** The verification the services expect: `given` when the page already knows it, else fetched now. */
export function useVerificationSetup(given: VerificationSetup | undefined): VerificationSetup | null {
  const [loaded, setLoaded] = useState<VerificationSetup | null>(null);
  useEffect(() => {
    if (given) return;
    let live = true;
    void load().then((setup) => {
      if (live) setLoaded(setup);
    });
    return () => {
      live = false;
    };
  }, [given]);
  return given ?? loaded;
}
