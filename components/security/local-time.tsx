"use client";

import { useCallback } from "react";
import { format } from "date-fns";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * Formats a timestamp as YYYY-MM-DD HH:mm in the browser's time zone, the user's. The server
 * does not know that zone, so its HTML leaves the text empty and the browser fills it in.
 */
export function useLocalTime(): (iso: string) => string {
  const hydrated = useHydrated();
  return useCallback(
    (iso: string) => {
      if (!hydrated) return "";
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? "" : format(date, "yyyy-MM-dd HH:mm");
    },
    [hydrated],
  );
}

/** A `<time>` with the machine-readable instant and the local text. */
export function LocalTime({ iso }: { iso: string }) {
  const local = useLocalTime();
  return <time dateTime={iso}>{local(iso)}</time>;
}
