"use client";

import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { ErrorCode } from "@/lib/contract/errors";
import type { ActionError, ActionResult } from "@/lib/session/action-result";
import { callAction } from "@/components/auth/use-error-text";
import { StepUpDialog } from "./step-up-dialog";
import type { StepUpAction, StepUpContext } from "./types";

/** Runs a guarded change; `action` is what the dialog says the change does. */
export type StepUpGuard = <T extends object>(run: () => Promise<ActionResult<T>>, action: StepUpAction) => Promise<ActionResult<T> | { ok: false; error: ActionError }>;

/**
 * How a screen guards a security-lowering action (docs/security.md, "How to guard an action"):
 *
 *   const stepUp = useStepUp({ page, email, verification });
 *   const result = await stepUp.guard(() => unbindSocialAction({ channel }, page), "disconnectSocial");
 *   …render {stepUp.dialog} somewhere in the component.
 *
 * `guard` runs the action (through callAction); when the services answer 20113 it opens the
 * step-up dialog, which says what the action does (its StepUpAction, types.ts), and once the
 * user has proved it is them it runs the action once more and answers that result. Cancelled,
 * it answers the 20113 refusal, which reads "confirm it's you first". Any other answer passes
 * through unchanged.
 */
export function useStepUp(context: StepUpContext): { guard: StepUpGuard; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<StepUpAction | null>(null);
  const waiting = useRef<((proven: boolean) => void) | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const lastFocused = useRef<HTMLElement | null>(null);

  // The control that started the action (a submit button) is usually disabled while it runs, which
  // takes the focus away from it; remember it from before, so closing the dialog can give focus back.
  useEffect(() => {
    const remember = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement) lastFocused.current = event.target;
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  const settle = useCallback((proven: boolean) => {
    setOpen(false);
    const resolve = waiting.current;
    waiting.current = null;
    resolve?.(proven);
  }, []);

  const guard = useCallback(async <T extends object>(run: () => Promise<ActionResult<T>>, what: StepUpAction) => {
    const first = await callAction(run);
    if (first.ok || first.error.code !== ErrorCode.stepUpRequired) return first;
    // a second guarded call while the dialog is up waits for the same proof
    const proven = await new Promise<boolean>((resolve) => {
      const earlier = waiting.current;
      waiting.current = (value) => {
        earlier?.(value);
        resolve(value);
      };
      if (!earlier) {
        returnTo.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : lastFocused.current;
        setAction(what);
      }
      setOpen(true);
    });
    return proven ? callAction(run) : first;
  }, []);

  const dialog = <StepUpDialog {...context} action={action} open={open} onProven={() => settle(true)} onCancel={() => settle(false)} returnFocus={() => returnTo.current} />;
  return { guard, dialog };
}
