"use client";

import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { formResolver } from "@/lib/validation/form-resolver";
import { stepUpCodeSchema, type StepUpCodeInput } from "@/lib/validation/step-up";
import { sendStepUpCodeAction, stepUpWithCodeAction } from "@/lib/actions/step-up";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { HumanVerification } from "@/components/verification/lazy";
import { applyFieldErrors } from "@/components/auth/form-errors";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { useOwnEmailCode } from "@/components/security/use-own-email-code";
import type { StepUpContext, StepUpMethodProps } from "./types";

/**
 * An account without a password proves with a code mailed to its own address: human verification
 * (scene "step_up"), the code is sent, then entered here.
 */
export function EmailCodeProof({ page, email, verification, onProven, onError }: StepUpMethodProps & StepUpContext) {
  const t = useTranslations("stepUp");
  const text = useErrorText();
  const { step, sending, secondsLeft, sendCode, resend } = useOwnEmailCode(
    "passport:step-up-code",
    (value) => sendStepUpCodeAction({ verification: value }, page),
    (error) => onError(error ? text.action(error) : null),
  );
  const { register, handleSubmit, formState, setError } = useForm<StepUpCodeInput>({
    resolver: formResolver(stepUpCodeSchema),
    defaultValues: { code: "" },
  });

  const submit = handleSubmit(async ({ code }) => {
    if (step.name !== "code") return;
    onError(null);
    const result = await callAction(() => stepUpWithCodeAction({ code, nonce: step.nonce }, page));
    if (result.ok) {
      onProven();
      return;
    }
    if (!applyFieldErrors(result.error, ["code"], setError)) onError(text.action(result.error));
  });

  if (step.name === "verify") {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-gray-800">{t("verifyIntro", { email })}</p>
        {sending ? (
          <p role="status" className="text-sm text-muted">
            {t("sending")}
          </p>
        ) : (
          <HumanVerification key={step.attempt} setup={verification} scene="step_up" email={email} lang={page.lang} query={page.query} onVerified={sendCode} />
        )}
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Alert tone="success">{t("codeSent", { email })}</Alert>
      <Field
        label={t("code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t("codePlaceholder")}
        error={text.field(formState.errors.code?.message)}
        {...register("code")}
        trailing={
          <Button
            type="button"
            variant="ghost"
            className="h-8 px-2"
            disabled={secondsLeft > 0}
            onClick={() => {
              onError(null);
              resend();
            }}
          >
            {secondsLeft > 0 ? t("resendIn", { seconds: secondsLeft }) : t("resend")}
          </Button>
        }
      />
      <Button type="submit" pending={formState.isSubmitting} className="self-end">
        {t("confirm")}
      </Button>
    </form>
  );
}
