"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { loginCodeSchema, type LoginCodeInput } from "@/lib/validation/auth";
import type { PageRef } from "@/lib/session/action-result";
import { loginWithCodeAction } from "@/lib/actions/auth/login";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Alert } from "@/components/ui/alert";
import { FormBody } from "@/components/ui/form-body";
import { EmailAndCodeFields, useEmailAndCode } from "./email-and-code";
import { callAction, useErrorText } from "./use-error-text";
import { signInHoldOf, type SignInHold } from "./device-hold";
import { HoldStep } from "./lazy";
import { useRememberReport } from "./use-remember-report";
import { applyFieldErrors } from "./form-errors";
import { goSignedIn } from "./use-password-sign-in";

type Props = { page: PageRef; onRemember?: (remember: boolean) => void };

/** Email and an emailed code (POST /v1/login/email/captcha); the code request is verified first. */
export function CodeLoginForm({ page, onRemember }: Props) {
  const t = useTranslations("login");
  const text = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const [hold, setHold] = useState<SignInHold | null>(null);
  const { register, handleSubmit, formState, getValues, setError, clearErrors, control } = useForm<LoginCodeInput>({
    resolver: formResolver(loginCodeSchema),
    defaultValues: { email: "", code: "", remember: false },
  });
  const { errors, isSubmitting } = formState;
  useRememberReport(useWatch({ control, name: "remember" }), onRemember);
  const code = useEmailAndCode("login", page, { getValues, setError, clearErrors });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const nonce = code.nonceFor(values.email);
    if (!nonce) return;
    const result = await callAction(() => loginWithCodeAction({ ...values, nonce }, page));
    if (result.ok) return goSignedIn(result, "code");
    const held = signInHoldOf(result.error, values.remember);
    if (held) {
      setHold(held);
      return;
    }
    if (!applyFieldErrors(result.error, ["email", "code"], setError)) setFormError(text.action(result.error));
  });

  if (hold) return <HoldStep hold={hold} page={page} onBack={() => setHold(null)} />;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormBody>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <EmailAndCodeFields
          code={code}
          emailProps={register("email")}
          codeProps={register("code")}
          errors={{ email: text.field(errors.email?.message), code: text.field(errors.code?.message) }}
          onStart={() => setFormError(null)}
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
