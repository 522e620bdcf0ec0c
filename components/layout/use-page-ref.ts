"use client";

import { useSyncExternalStore } from "react";
import { pageQueryFrom } from "@/lib/launch/page-query";
import type { PageRef } from "@/lib/session/action-result";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  return () => window.removeEventListener("popstate", onChange);
}

/**
 * What a form hands its server actions about its page: the language and the page's launch
 * parameters and `r`, read from the address (the page itself is the same for every visitor).
 */
export function usePageRef(lang: string): PageRef {
  const query = useSyncExternalStore(
    subscribe,
    () => pageQueryFrom(window.location.search),
    () => "",
  );
  return { lang, query };
}
