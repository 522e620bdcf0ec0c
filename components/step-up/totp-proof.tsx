"use client";

import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { formResolver } from "@/lib/validation/form-resolver";
import { totpCodeSchema, type TotpCodeInput } from "@/lib/validation/two-step";
import { ErrorCode } from "@/lib/contract/errors";
import { stepUpWithTotpAction } from "@/lib/actions/two-step";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import type { StepUpMethodProps } from "./types";

/** A code of the authenticator app proves it is the owner (accounts with two-step on). */
export function TotpProof({ page, onProven, onError }: StepUpMethodProps) {
  const t = useTranslations("twoStep.stepUp");
  const text = useErrorText();
  const { register, handleSubmit, formState, setError, setValue } = useForm<TotpCodeInput>({
    resolver: formResolver(totpCodeSchema),
    defaultValues: { code: "" },
  });

  const submit = handleSubmit(async ({ code }) => {
    onError(null);
    const result = await callAction(() => stepUpWithTotpAction({ code }, page));
    if (result.ok) return onProven();
    setValue("code", "");
    if (result.error.fields?.code) setError("code", { message: result.error.fields.code });
    else if (result.error.code === ErrorCode.twoStepCodeIncorrect) setError("code", { message: "twoStepCodeIncorrect" });
    else onError(text.action(result.error));
  });
  const codeError = formState.errors.code?.message === "twoStepCodeIncorrect" ? t("codeIncorrect") : text.field(formState.errors.code?.message);

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field label={t("codeLabel")} inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="123456" error={codeError} {...register("code")} />
      <Button type="submit" variant="secondary" pending={formState.isSubmitting} className="self-end">
        {t("confirm")}
      </Button>
    </form>
  );
}
