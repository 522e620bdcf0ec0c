"use client";

import { useCallback, useRef, useState, type ReactNode } from "react";
import { ErrorCode } from "@/lib/contract/errors";
import type { ActionError, ActionResult } from "@/lib/session/action-result";
import { callAction } from "@/components/auth/use-error-text";
import { StepUpDialog } from "./step-up-dialog";
import type { StepUpContext } from "./types";

/**
 * How a screen guards a security-lowering action (docs/security.md, "How to guard an action"):
 *
 *   const stepUp = useStepUp({ page, email, verification });
 *   const result = await stepUp.guard(() => unbindSocialAction({ channel }, page));
 *   …render {stepUp.dialog} somewhere in the component.
 *
 * `guard` runs the action (through callAction); when the services answer 20113 it opens the
 * step-up dialog, and once the user has proved it is them it runs the action once more and
 * answers that result. Cancelled, it answers the 20113 refusal, which reads "confirm it's you
 * first". Any other answer passes through unchanged.
 */
export function useStepUp(context: StepUpContext): {
  guard: <T extends object>(run: () => Promise<ActionResult<T>>) => Promise<ActionResult<T> | { ok: false; error: ActionError }>;
  dialog: ReactNode;
} {
  const [open, setOpen] = useState(false);
  const waiting = useRef<((proven: boolean) => void) | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  const settle = useCallback((proven: boolean) => {
    setOpen(false);
    const resolve = waiting.current;
    waiting.current = null;
    resolve?.(proven);
  }, []);

  const guard = useCallback(async <T extends object>(run: () => Promise<ActionResult<T>>) => {
    const first = await callAction(run);
    if (first.ok || first.error.code !== ErrorCode.stepUpRequired) return first;
    // a second guarded call while the dialog is up waits for the same proof
    const proven = await new Promise<boolean>((resolve) => {
      const earlier = waiting.current;
      waiting.current = (value) => {
        earlier?.(value);
        resolve(value);
      };
      if (!earlier && document.activeElement instanceof HTMLElement) returnTo.current = document.activeElement;
      setOpen(true);
    });
    return proven ? callAction(run) : first;
  }, []);

  const dialog = <StepUpDialog {...context} open={open} onProven={() => settle(true)} onCancel={() => settle(false)} returnFocus={() => returnTo.current} />;
  return { guard, dialog };
}
