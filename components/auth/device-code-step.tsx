"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { ErrorCode } from "@/lib/contract/errors";
import type { PageRef } from "@/lib/session/action-result";
import { signInHoldOf, type SignInHold } from "./device-hold";
import { deviceCodeSchema, type DeviceCodeInput } from "@/lib/validation/security";
import { confirmDeviceAction } from "@/lib/actions/auth/email-code";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormBody } from "@/components/ui/form-body";
import { callAction, useErrorText } from "./use-error-text";
import { goSignedIn } from "./use-password-sign-in";

type Props = { hold: SignInHold; page: PageRef; onBack: () => void; onHold?: (next: SignInHold) => void };

/**
 * "We sent a code to your email to confirm this new device": the code finishes the sign-in
 * (POST /v1/login/device) and the browser goes where a sign-in goes. Back returns to the form,
 * whose next sign-in mails a new code.
 */
export function DeviceCodeStep({ hold, page, onBack, onHold }: Props) {
  const t = useTranslations("deviceSignIn");
  const text = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<DeviceCodeInput>({
    resolver: formResolver(deviceCodeSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    const result = await callAction(() => confirmDeviceAction({ challenge: hold.challenge, code, remember: hold.remember }, page));
    if (result.ok) return goSignedIn(result, "device");
    const next = signInHoldOf(result.error, hold.remember);
    if (next && onHold) return onHold(next);
    if (result.error.fields?.code) setError("code", { message: result.error.fields.code });
    else if (result.error.code === ErrorCode.incorrectCode) setError("code", { message: "deviceCodeIncorrect" });
    else setFormError(text.action(result.error));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="device-step-title">
      <FormBody>
        <div className="flex flex-col gap-1">
          <h2 id="device-step-title" className="text-lg font-semibold text-gray-900">
            {t("title")}
          </h2>
          <p className="text-sm text-gray-700">{t("intro")}</p>
        </div>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <Field
          label={t("code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          placeholder={t("codePlaceholder")}
          hint={t("hint")}
          error={text.field(errors.code?.message)}
          {...register("code")}
        />
        <Button type="submit" pending={isSubmitting}>
          {t("submit")}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack} disabled={isSubmitting}>
          {t("back")}
        </Button>
      </FormBody>
    </form>
  );
}
