"use client";

import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { formResolver } from "@/lib/validation/form-resolver";
import { stepUpPasswordSchema, type StepUpPasswordInput } from "@/lib/validation/step-up";
import { stepUpWithPasswordAction } from "@/lib/actions/step-up";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/auth/password-field";
import { applyFieldErrors } from "@/components/auth/form-errors";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import type { StepUpMethodProps } from "./types";

/** The current password proves it is the owner; a wrong one is refused (and counted) by the services. */
export function PasswordProof({ page, onProven, onError }: StepUpMethodProps) {
  const t = useTranslations("stepUp");
  const text = useErrorText();
  const { register, handleSubmit, formState, setError, setValue } = useForm<StepUpPasswordInput>({
    resolver: formResolver(stepUpPasswordSchema),
    defaultValues: { password: "" },
  });

  const submit = handleSubmit(async ({ password }) => {
    onError(null);
    const result = await callAction(() => stepUpWithPasswordAction({ password }, page));
    if (result.ok) {
      onProven();
      return;
    }
    // a refused password is gone from the field: the next try starts clean
    setValue("password", "");
    if (!applyFieldErrors(result.error, ["password"], setError)) onError(text.action(result.error));
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <PasswordField
        label={t("password")}
        autoComplete="current-password"
        placeholder={t("passwordPlaceholder")}
        autoFocus
        error={text.field(formState.errors.password?.message)}
        {...register("password")}
      />
      <Button type="submit" pending={formState.isSubmitting} className="self-end">
        {t("confirm")}
      </Button>
    </form>
  );
}
