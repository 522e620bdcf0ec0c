"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { loginPasswordSchema, type LoginPasswordInput } from "@/lib/validation/auth";
import { loginWithPasswordAction } from "@/app/[lang]/(auth)/login/actions";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Checkbox } from "@/components/ui/checkbox";
import { Alert } from "@/components/ui/alert";
import { PasswordField } from "./password-field";
import { callAction, useErrorText } from "./use-error-text";

type Props = { lang: string; query: string; registerHref: string | null; findPasswordHref: string | null };

export function LoginForm({ lang, query, registerHref, findPasswordHref }: Props) {
  const t = useTranslations("login");
  const text = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginPasswordInput>({
    resolver: zodResolver(loginPasswordSchema),
    defaultValues: { email: "", password: "", remember: false },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await callAction(() => loginWithPasswordAction(values, { lang, query }));
    if (result.ok) {
      window.location.assign(result.redirect);
      return;
    }
    setFormError(text.action(result.error));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="login-title">
      <h1 id="login-title" className="text-2xl font-semibold text-gray-900">
        {t("title")}
      </h1>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <Field label={t("email")} type="email" autoComplete="email" placeholder={t("emailPlaceholder")} error={text.field(errors.email?.message)} {...register("email")} />
      <PasswordField label={t("password")} autoComplete="current-password" placeholder={t("passwordPlaceholder")} error={text.field(errors.password?.message)} {...register("password")} />
      <div className="flex items-center justify-between">
        <Checkbox label={t("remember")} {...register("remember")} />
        {findPasswordHref ? (
          <Link href={findPasswordHref} className="text-sm text-primary-strong hover:underline">
            {t("forgot")}
          </Link>
        ) : null}
      </div>
      <Button type="submit" pending={isSubmitting}>
        {t("submit")}
      </Button>
      {registerHref ? (
        <p className="text-center text-sm text-muted">
          {t("noAccount")}{" "}
          <Link href={registerHref} className="font-medium text-primary-strong hover:underline">
            {t("toRegister")}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
