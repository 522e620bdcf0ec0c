"use client";

import type { ReactNode } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A form's fields and buttons, disabled until the page is interactive: typing into the
 * server's HTML would be wiped when the form takes over, and a native submit would put the
 * fields (passwords too) into the address.
 */
export function FormBody({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}
