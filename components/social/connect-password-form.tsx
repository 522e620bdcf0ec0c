"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { connectWithPasswordAction } from "@/lib/actions/social/connect";
import { connectPasswordSchema, type ConnectPasswordInput } from "@/lib/validation/social";
import type { PageRef } from "@/lib/session/action-result";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormBody } from "@/components/ui/form-body";
import { PasswordField } from "@/components/auth/password-field";
import { applyFieldErrors } from "@/components/auth/form-errors";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { signInHoldOf, type SignInHold } from "@/components/auth/device-hold";

/** The connection screen's password way: the existing account's password, then the session. */
export function ConnectPasswordForm({ page, channel, onHold }: { page: PageRef; channel: string; onHold: (hold: SignInHold) => void }) {
  const t = useTranslations("social.connect");
  const text = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<ConnectPasswordInput>({
    resolver: formResolver(connectPasswordSchema),
    defaultValues: { password: "" },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await callAction(() => connectWithPasswordAction({ ...values, channel }, page));
    if (result.ok) {
      window.location.assign(result.redirect);
      return;
    }
    const held = signInHoldOf(result.error, true);
    if (held) return onHold(held);
    if (!applyFieldErrors(result.error, ["password"], setError)) setFormError(text.action(result.error));
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormBody>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <PasswordField label={t("password")} autoComplete="current-password" error={text.field(formState.errors.password?.message)} {...register("password")} />
        <Button type="submit" pending={formState.isSubmitting} data-analytics-id="socialConnect">
          {t("submit")}
        </Button>
      </FormBody>
    </form>
  );
}
