"use client";

import { useSyncExternalStore } from "react";

function subscribe() {
  return () => {};
}

/** True inside a frame (ARCHITECTURE "Embedded"); false during server rendering. */
export function useEmbedded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.self !== window.top,
    () => false,
  );
}
