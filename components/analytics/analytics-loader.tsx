"use client";

import { useEffect } from "react";
import { startCollecting } from "@/lib/analytics/collect";

// Listen from the very start, before any component's effect announces something (the account
// layout announces the signed-in user as soon as it mounts).
if (typeof window !== "undefined") startCollecting();

/**
 * Starts analytics without slowing the page: the listener above is all that loads with it; the
 * client itself is fetched with a dynamic import once the browser is idle after hydration.
 */
export function AnalyticsLoader() {
  useEffect(() => {
    let cancelled = false;
    const begin = () => {
      if (!cancelled) void import("@/lib/analytics/start").then((m) => m.startAnalytics()).catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(begin, { timeout: 4000 });
      return () => {
        cancelled = true;
        window.cancelIdleCallback(handle);
      };
    }
    const timer = window.setTimeout(begin, 1500);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, []);
  return null;
}
