"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { registerSchema, type RegisterInput } from "@/lib/validation/auth";
import { emailField } from "@/lib/validation/fields";
import { registerAction, sendRegisterCodeAction } from "@/app/[lang]/(auth)/register/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Checkbox } from "@/components/ui/checkbox";
import { Alert } from "@/components/ui/alert";
import { PasswordField } from "./password-field";
import { LegalDialog } from "./legal-dialog";
import { useCountdown } from "./use-countdown";
import { callAction, useErrorText } from "./use-error-text";

type Props = { lang: string; query: string; title: string; loginHref: string | null };

export function RegisterForm({ lang, query, title, loginHref }: Props) {
  const t = useTranslations("register");
  const text = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [nonce, setNonce] = useState<string>("");
  const [sending, setSending] = useState(false);
  const countdown = useCountdown("passport:register-code");
  const { register, handleSubmit, formState, getValues, setError, clearErrors } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: "", code: "", password: "", confirmPassword: "", agree: false },
  });
  const { errors, isSubmitting } = formState;

  async function sendCode() {
    setFormError(null);
    setNotice(null);
    const email = emailField.safeParse(getValues("email"));
    if (!email.success) {
      setError("email", { message: email.error.issues[0]?.message ?? "emailInvalid" });
      return;
    }
    clearErrors("email");
    setSending(true);
    const result = await callAction(() => sendRegisterCodeAction({ email: email.data }, { lang, query }));
    setSending(false);
    if (result.ok) {
      setNonce(result.nonce);
      countdown.start(result.resendAfter);
      setNotice(t("codeSent", { email: email.data }));
      return;
    }
    if (result.error.retryAfter) countdown.start(result.error.retryAfter);
    setFormError(text.action(result.error));
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    if (!nonce) {
      setError("code", { message: "codeRequestFirst" });
      return;
    }
    const result = await callAction(() => registerAction({ ...values, nonce }, { lang, query }));
    if (result.ok) {
      window.location.assign(result.redirect);
      return;
    }
    for (const [name, key] of Object.entries(result.error.fields ?? {})) {
      if (name in values) setError(name as keyof RegisterInput, { message: key });
    }
    if (!result.error.fields) setFormError(text.action(result.error));
  });

  const waiting = countdown.secondsLeft > 0;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="register-title">
      <h1 id="register-title" className="text-2xl font-semibold text-gray-900">
        {title}
      </h1>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <Field label={t("email")} type="email" autoComplete="email" placeholder={t("emailPlaceholder")} error={text.field(errors.email?.message)} {...register("email")} />
      <Field
        label={t("code")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t("codePlaceholder")}
        error={text.field(errors.code?.message)}
        {...register("code")}
        trailing={
          <Button type="button" variant="ghost" className="h-8 px-2" onClick={sendCode} pending={sending} disabled={waiting}>
            {waiting ? t("resendIn", { seconds: countdown.secondsLeft }) : t("sendCode")}
          </Button>
        }
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
          <Link href={loginHref} className="font-medium text-primary-strong hover:underline">
            {t("toLogin")}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
