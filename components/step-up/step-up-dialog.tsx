"use client";

import { useEffect, useEffectEvent, useState } from "react";
import type { ActionError } from "@/lib/session/action-result";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useTranslations } from "next-intl";
import type { StepUpMethod } from "@/lib/contract/step-up";
import { stepUpMethodsAction } from "@/lib/actions/step-up";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { EmailCodeProof } from "./email-code-proof";
import { EXTRA_STEP_UP_METHODS } from "./extra-methods";
import { PasswordProof } from "./password-proof";
import type { StepUpAction, StepUpContext } from "./types";

type Props = StepUpContext & {
  /** what the guarded change does, said in the description (null before the first opening) */
  action: StepUpAction | null;
  open: boolean;
  /** the session now holds a recent proof */
  onProven: () => void;
  /** closed without a proof (Cancel, Escape) */
  onCancel: () => void;
  /** where focus goes back to when it closes (opened without a trigger, Radix has none of its own) */
  returnFocus?: () => HTMLElement | null;
};

/** Focus a control once it can take focus again: a submit button stays disabled until its action has answered. */
function focusWhenEnabled(target: HTMLElement, framesLeft = 60): void {
  if (!target.isConnected) return;
  if (!target.matches(":disabled")) return target.focus();
  if (framesLeft > 0) requestAnimationFrame(() => focusWhenEnabled(target, framesLeft - 1));
}

type Methods = { state: "loading" } | { state: "failed"; message: string } | { state: "ready"; methods: StepUpMethod[] };

/**
 * "Confirm it's you" before a change that lowers the account's security (docs/security.md,
 * "Step-up"), saying what that change is. It asks the services how this account can prove itself: the password, or an
 * emailed code for an account without one, plus any way another feature registered
 * (extra-methods.ts). Radix Dialog: focus moves in, Escape cancels, focus returns on close.
 * Usually opened by useStepUp when a change was refused with 20113.
 */
export function StepUpDialog({ action, open, onProven, onCancel, returnFocus, ...context }: Props) {
  const t = useTranslations("stepUp");
  const text = useErrorText();
  const [methods, setMethods] = useState<Methods>({ state: "loading" });
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { page } = context;

  // the ways this account can prove itself, asked once per opening (and per retry), with the
  // page and the translations of the moment
  const requestMethods = useEffectEvent(() => callAction(() => stepUpMethodsAction(page)));
  const describe = useEffectEvent((failure: ActionError) => text.action(failure));

  useEffect(() => {
    if (!open) return;
    let current = true;
    void requestMethods().then((result) => {
      if (!current) return;
      setMethods(result.ok ? { state: "ready", methods: result.methods } : { state: "failed", message: describe(result.error) });
    });
    return () => {
      current = false;
    };
  }, [open, attempt]);

  function change(next: boolean) {
    if (next) return;
    setError(null);
    setMethods({ state: "loading" });
    onCancel();
  }

  function proven() {
    setError(null);
    setMethods({ state: "loading" });
    onProven();
  }

  const shared = { page, onProven: proven, onError: setError };
  const ready = methods.state === "ready" ? methods.methods : [];
  const extras = ready.flatMap((method) => {
    if (method === "password" || method === "email_code") return [];
    const Method = EXTRA_STEP_UP_METHODS[method];
    return Method ? [<Method key={method} {...shared} />] : [];
  });

  return (
    <DialogPrimitive.Root open={open} onOpenChange={change}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            const target = returnFocus?.();
            if (!target?.isConnected) return;
            event.preventDefault();
            focusWhenEnabled(target);
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <DialogPrimitive.Title className="text-lg font-semibold text-gray-900">{t("title")}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-1 text-sm text-muted">{action ? t("description", { action: t(`actions.${action}`) }) : null}</DialogPrimitive.Description>
          <div className="mt-4 flex flex-col gap-4">
            {error ? <Alert tone="error">{error}</Alert> : null}
            {methods.state === "loading" ? (
              <p role="status" className="text-sm text-muted">
                {t("loading")}
              </p>
            ) : null}
            {methods.state === "failed" ? (
              <Alert tone="error">
                <span className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <span>{methods.message}</span>
                  <Button type="button" variant="secondary" className="h-8 shrink-0" onClick={() => setAttempt((n) => n + 1)}>
                    {t("retry")}
                  </Button>
                </span>
              </Alert>
            ) : null}
            {ready.includes("password") ? <PasswordProof {...shared} /> : null}
            {ready.includes("email_code") ? <EmailCodeProof {...shared} {...context} /> : null}
            {extras.length > 0 ? (
              <section aria-label={t("otherWays")} className="flex flex-col gap-3 border-t border-gray-200 pt-4">
                <h3 className="text-sm font-medium text-gray-800">{t("otherWays")}</h3>
                {extras}
              </section>
            ) : null}
            <DialogPrimitive.Close asChild>
              <Button type="button" variant="secondary" className="self-end">
                {t("cancel")}
              </Button>
            </DialogPrimitive.Close>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
