"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { ErrorCode } from "@/lib/contract/errors";
import type { ActionError } from "@/lib/session/action-result";
import { LaunchLink } from "@/components/layout/launch-link";
import { usePageRef } from "@/components/layout/use-page-ref";
import { registerSchema, type RegisterInput } from "@/lib/validation/auth";
import { registerAction } from "@/lib/actions/auth/register";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Alert } from "@/components/ui/alert";
import { FormBody } from "@/components/ui/form-body";
import { PasswordField } from "./password-field";
import { LegalDialog } from "./legal-dialog";
import { EmailAndCodeFields, useEmailAndCode } from "./email-and-code";
import { callAction, useErrorText } from "./use-error-text";
import { applyFieldErrors } from "./form-errors";
import { announce } from "@/lib/analytics/announce";
import { completeSignIn } from "@/lib/bridge/sign-in";

type Props = { lang: string; title: string; loginHref: string | null };

export function RegisterForm({ lang, title, loginHref }: Props) {
  const t = useTranslations("register");
  const text = useErrorText();
  const page = usePageRef(lang);
  const [formError, setFormError] = useState<string | null>(null);
  // 'Account already exists' offers to log in instead (SPEC §8)
  const [accountExists, setAccountExists] = useState(false);
  const fail = (error: ActionError) => {
    setAccountExists(error.code === ErrorCode.accountExists);
    setFormError(text.action(error));
  };
  const { register, handleSubmit, formState, getValues, setError, clearErrors } = useForm<RegisterInput>({
    resolver: formResolver(registerSchema),
    defaultValues: { email: "", code: "", password: "", confirmPassword: "", agree: false },
  });
  const { errors, isSubmitting } = formState;
  const code = useEmailAndCode("register", page, { getValues, setError, clearErrors });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const nonce = code.nonceFor(values.email);
    if (!nonce) return;
    const result = await callAction(() => registerAction({ ...values, nonce }, page));
    if (result.ok) {
      announce({ event: "register" });
      await completeSignIn(result);
      return;
    }
    const fields = ["email", "code", "password", "confirmPassword", "agree"] as const;
    if (!applyFieldErrors(result.error, fields, setError)) fail(result.error);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="register-title">
      <FormBody>
        <h1 id="register-title" className="text-2xl font-semibold text-gray-900">
          {title}
        </h1>
        {formError ? (
          <Alert tone="error">
            {formError}
            {accountExists ? (
              <>
                {" "}
                <LaunchLink href={`/${lang}/login`} keepR className="font-semibold underline">
                  {t("toLogin")}
                </LaunchLink>
              </>
            ) : null}
          </Alert>
        ) : null}
        <EmailAndCodeFields
          code={code}
          emailProps={register("email")}
          codeProps={register("code")}
          errors={{ email: text.field(errors.email?.message), code: text.field(errors.code?.message) }}
          onStart={() => {
            setFormError(null);
            setAccountExists(false);
          }}
          onFailed={fail}
        />
        <PasswordField label={t("password")} autoComplete="new-password" placeholder={t("passwordPlaceholder")} error={text.field(errors.password?.message)} {...register("password")} />
        <PasswordField
          label={t("confirmPassword")}
          autoComplete="new-password"
          placeholder={t("confirmPasswordPlaceholder")}
          error={text.field(errors.confirmPassword?.message)}
          {...register("confirmPassword")}
        />
        <Checkbox
          error={text.field(errors.agree?.message)}
          {...register("agree")}
          label={
            <>
              {t("agreePrefix")} <LegalDialog doc="privacy" /> {t("and")} <LegalDialog doc="terms" />
            </>
          }
        />
        <Button type="submit" pending={isSubmitting}>
          {t("submit")}
        </Button>
        {loginHref ? (
          <p className="text-center text-sm text-muted">
            {t("haveAccount")}{" "}
            <LaunchLink href={loginHref} keepR className="font-medium text-primary-strong hover:underline">
              {t("toLogin")}
            </LaunchLink>
          </p>
        ) : null}
      </FormBody>
    </form>
  );
}
