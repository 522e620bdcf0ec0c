"use client";

import { useSyncExternalStore } from "react";

function subscribe() {
  return () => {};
}

/** False in the server's HTML and until React has taken over the page, then true. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
