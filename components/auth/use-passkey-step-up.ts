"use client";

import { useSyncExternalStore } from "react";
import { FRESH_SIGN_IN, FRESH_SIGN_IN_PARAM, PASSKEY_STEP_UP, STEP_UP_PARAM } from "@/lib/contract/fresh-sign-in";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  return () => window.removeEventListener("popstate", onChange);
}

function askedFor(search: string): boolean {
  const query = new URLSearchParams(search);
  return query.get(FRESH_SIGN_IN_PARAM) === FRESH_SIGN_IN && query.get(STEP_UP_PARAM) === PASSKEY_STEP_UP;
}

/**
 * An app asked the OpenID Provider for a sign-in only a passkey meets, and the account has one
 * (`reauth=1&stepup=passkey`, lib/contract/fresh-sign-in.ts): the sign-in page offers the passkey
 * alone. Read from the address in the browser (the page itself is the same for every visitor);
 * false in the server's HTML.
 */
export function usePasskeyStepUp(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => askedFor(window.location.search),
    () => false,
  );
}
