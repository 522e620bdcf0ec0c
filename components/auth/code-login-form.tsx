"use client";

import { useState } from "react";
import { useForm } from "@/lib/validation/use-form";
import { useTranslations } from "next-intl";
import { loginCodeSchema } from "@/lib/validation/auth";
import type { PageRef } from "@/lib/session/action-result";
import { loginWithCodeAction } from "@/app/[lang]/(auth)/login/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Checkbox } from "@/components/ui/checkbox";
import { Alert } from "@/components/ui/alert";
import { FormBody } from "@/components/ui/form-body";
import { EmailCodeField } from "./email-code-field";
import { useEmailCode } from "./use-email-code";
import { callAction, useErrorText } from "./use-error-text";
import { deviceHoldOf, type DeviceHold } from "./device-hold";
import { DeviceCodeStep } from "./lazy";
import { applyFieldErrors, validEmailOrMark } from "./form-errors";
import { announce } from "@/lib/analytics/announce";
import { completeSignIn } from "@/lib/bridge/sign-in";

type Props = { page: PageRef };

/** Email and an emailed code (POST /v1/login/email/captcha); the code request is verified first. */
export function CodeLoginForm({ page }: Props) {
  const t = useTranslations("login");
  const text = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const request = useEmailCode("login", page);
  const [hold, setHold] = useState<DeviceHold | null>(null);
  const { register, handleSubmit, formState, getValues, setError, clearErrors } = useForm({
    schema: loginCodeSchema,
    defaultValues: { email: "", code: "", remember: false },
  });
  const { errors, isSubmitting } = formState;

  function checkedEmail(): string | null {
    setFormError(null);
    setNotice(null);
    return validEmailOrMark(getValues("email"), (message) => setError("email", { message }), () => clearErrors("email"));
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const nonce = request.nonceFor(values.email);
    if (!nonce) {
      setError("code", { message: "codeRequestFirst" });
      return;
    }
    const result = await callAction(() => loginWithCodeAction({ ...values, nonce }, page));
    if (result.ok) {
      announce({ event: "login", method: "code" });
      await completeSignIn(result);
      return;
    }
    const held = deviceHoldOf(result.error, values.remember);
    if (held) {
      setHold(held);
      return;
    }
    if (!applyFieldErrors(result.error, ["email", "code"], setError)) setFormError(text.action(result.error));
  });

  if (hold) return <DeviceCodeStep hold={hold} page={page} onBack={() => setHold(null)} />;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormBody>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        <Field label={t("email")} type="email" autoComplete="email" placeholder={t("emailPlaceholder")} error={text.field(errors.email?.message)} {...register("email")} />
        <EmailCodeField
          purpose="login"
          page={page}
          request={request}
          email={checkedEmail}
          labels={{ code: t("code"), placeholder: t("codePlaceholder"), send: t("sendCode"), resendIn: (seconds) => t("resendIn", { seconds }) }}
          error={text.field(errors.code?.message)}
          inputProps={register("code")}
          onSent={(email) => setNotice(t("codeSent", { email }))}
          onFailed={(error) => setFormError(text.action(error))}
        />
        <Checkbox label={t("remember")} {...register("remember")} />
        <Button type="submit" pending={isSubmitting}>
          {t("submit")}
        </Button>
      </FormBody>
    </form>
  );
}
