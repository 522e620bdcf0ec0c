"use client";

import { useEffect, useEffectEvent, useState } from "react";
import type { ActionError } from "@/lib/session/action-result";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { formResolver } from "@/lib/validation/form-resolver";
import { totpCodeSchema, type TotpCodeInput } from "@/lib/validation/two-step";
import { ErrorCode } from "@/lib/contract/errors";
import { confirmTotpSetupAction, startTotpSetupAction, type TotpSetupView } from "@/lib/actions/two-step";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { CopyButton } from "./copy-button";
import type { SecurityPageRef } from "./page-ref";

type Props = {
  page: SecurityPageRef;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** two-step is on: the recovery codes to show once */
  onEnabled: (recoveryCodes: string[]) => void;
  /** the control that opened it (opened without a Radix trigger, the dialog has none of its own to go back to) */
  returnFocus: () => HTMLElement | null;
};

/** The secret in groups of four, as people read it out and type it. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/**
 * Turning two-step on: a new secret each time the dialog opens, as a QR code (drawn on the
 * server) and as text to type in, then the app's first code. Nothing changes until that code is
 * right; closing the dialog leaves two-step off.
 */
export function TwoStepSetupDialog({ page, open, onOpenChange, onEnabled, returnFocus }: Props) {
  const t = useTranslations("twoStep.setup");
  const text = useErrorText();
  const [setup, setSetup] = useState<TotpSetupView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { register, handleSubmit, formState, reset, setError: setFieldError, setValue } = useForm<TotpCodeInput>({
    resolver: formResolver(totpCodeSchema),
    defaultValues: { code: "" },
  });

  // a new secret per opening (and per retry), for the page and in the words of the moment
  const requestSetup = useEffectEvent(() => callAction(() => startTotpSetupAction(page)));
  const describe = useEffectEvent((failure: ActionError) => text.action(failure));

  useEffect(() => {
    if (!open) return;
    let current = true;
    void requestSetup().then((result) => {
      if (!current) return;
      if (result.ok) setSetup(result.setup);
      else setError(describe(result.error));
    });
    return () => {
      current = false;
    };
  }, [open, attempt]);

  function change(next: boolean) {
    if (!next) {
      setSetup(null);
      setError(null);
      reset();
    }
    onOpenChange(next);
  }

  const submit = handleSubmit(async ({ code }) => {
    setError(null);
    const result = await callAction(() => confirmTotpSetupAction({ code }, page));
    if (result.ok) {
      change(false);
      onEnabled(result.recoveryCodes);
      return;
    }
    setValue("code", "");
    if (result.error.fields?.code) setFieldError("code", { message: result.error.fields.code });
    else if (result.error.code === ErrorCode.twoStepCodeIncorrect) setFieldError("code", { message: "twoStepCodeIncorrect" });
    else setError(text.action(result.error));
  });
  const codeError = formState.errors.code?.message === "twoStepCodeIncorrect" ? t("codeIncorrect") : text.field(formState.errors.code?.message);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={change}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <DialogPrimitive.Content
          onCloseAutoFocus={(event) => {
            // once two-step is on, its button is gone and the recovery codes have taken the focus
            const opener = returnFocus();
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <DialogPrimitive.Title className="text-lg font-semibold text-gray-900">{t("title")}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-1 text-sm text-muted">{t("description")}</DialogPrimitive.Description>
          <div className="mt-4 flex flex-col gap-4">
            {error ? (
              <Alert tone="error">
                <span className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <span>{error}</span>
                  {setup ? null : (
                    <Button type="button" variant="secondary" className="h-8 shrink-0" onClick={() => { setError(null); setAttempt((n) => n + 1); }}>
                      {t("retry")}
                    </Button>
                  )}
                </span>
              </Alert>
            ) : null}
            {!setup && !error ? (
              <p role="status" className="text-sm text-muted">
                {t("loading")}
              </p>
            ) : null}
            {setup ? (
              <>
                <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm text-gray-800">
                  <li>
                    {t("scan")}
                    {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on the server, no optimisation to gain */}
                    <img src={setup.qr} alt={t("qrAlt")} width={176} height={176} className="mt-2 block size-44 rounded border border-gray-200 bg-white" />
                  </li>
                  <li>
                    {t("orType")}
                    <Field label={t("secretLabel")} readOnly value={groupSecret(setup.secret)} className="mt-2 font-mono" spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
                    <span className="mt-2 block">
                      <CopyButton text={setup.secret} label={t("copySecret")} />
                    </span>
                  </li>
                  <li>{t("enterCode")}</li>
                </ol>
                <form onSubmit={submit} noValidate className="flex flex-col gap-4">
                  <Field label={t("codeLabel")} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="123456" error={codeError} {...register("code")} />
                  <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                    <DialogPrimitive.Close asChild>
                      <Button type="button" variant="secondary">
                        {t("cancel")}
                      </Button>
                    </DialogPrimitive.Close>
                    <Button type="submit" pending={formState.isSubmitting}>
                      {t("confirm")}
                    </Button>
                  </div>
                </form>
              </>
            ) : (
              <DialogPrimitive.Close asChild>
                <Button type="button" variant="secondary" className="self-end">
                  {t("cancel")}
                </Button>
              </DialogPrimitive.Close>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
