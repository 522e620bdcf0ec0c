"use client";

import { useEffect, useState } from "react";
import { LAUNCH_PARAMS } from "@/lib/launch/keys";

/**
 * The launch parameters and `r` of the current address, read in the browser (the social pages
 * are static: their server never reads the query). null until the page has hydrated.
 */
export function usePageQuery(): { query: string; channel: string | null } | null {
  const [value, setValue] = useState<{ query: string; channel: string | null } | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const kept = new URLSearchParams();
    for (const key of [...LAUNCH_PARAMS, "r"]) {
      const found = params.get(key);
      if (found !== null) kept.set(key, found);
    }
    const timer = window.setTimeout(() => setValue({ query: kept.toString(), channel: params.get("c") }), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return value;
}
