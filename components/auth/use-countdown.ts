"use client";

import { useCallback, useEffect, useState } from "react";
import { readPageValue, writePageValue } from "@/lib/bridge/page-storage";

/** Seconds left before a code may be requested again; survives a reload through sessionStorage. */
export function useCountdown(storageKey: string) {
  const [until, setUntil] = useState<number>(0);
  const [now, setNow] = useState<number>(() => Date.now());

  useEffect(() => {
    const stored = Number(readPageValue(storageKey) ?? 0);
    const timer = window.setTimeout(() => {
      if (stored > Date.now()) setUntil(stored);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [storageKey]);

  useEffect(() => {
    if (until <= now) return;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [until, now]);

  const start = useCallback(
    (seconds: number) => {
      const end = Date.now() + seconds * 1000;
      writePageValue(storageKey, String(end));
      setNow(Date.now());
      setUntil(end);
    },
    [storageKey],
  );

  return { secondsLeft: Math.max(0, Math.ceil((until - now) / 1000)), start };
}
