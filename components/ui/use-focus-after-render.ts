"use client";

import { useCallback, useEffect, useRef } from "react";

/**
 * Gives keyboard focus to a control once the render that shows it (again) is done: when what the
 * user was on goes away (an inline question, an edit form, a panel), focus would otherwise fall to
 * the page body. The returned function is called from an event handler with a getter of the
 * control (usually a ref's `current`). A control still disabled (busy) is waited for over the
 * next renders; one that is not there is given up, so no later render steals the focus.
 */
export function useFocusAfterRender(): (target: () => HTMLElement | null) => void {
  const pending = useRef<(() => HTMLElement | null) | null>(null);
  useEffect(() => {
    if (!pending.current) return;
    const target = pending.current();
    if (target?.matches(":disabled")) return;
    pending.current = null;
    target?.focus();
  });
  return useCallback((target: () => HTMLElement | null) => {
    pending.current = target;
  }, []);
}
