"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { operatorSignInAction } from "@/lib/actions/console/session";
import { formResolver } from "@/lib/validation/form-resolver";
import { operatorSignInSchema, type OperatorSignInInput } from "@/lib/validation/console";
import { callAction } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormBody } from "@/components/ui/form-body";
import { useConsoleText } from "./use-console-text";

/** Operator sign-in: email, password and the authenticator app's 6-digit code, all at once. */
export function OperatorSignInForm({ lang }: { lang: string }) {
  const t = useTranslations("console.signIn");
  const text = useConsoleText();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setValue } = useForm<OperatorSignInInput>({
    resolver: formResolver(operatorSignInSchema),
    defaultValues: { email: "", password: "", code: "" },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await callAction(() => operatorSignInAction(values, lang));
    if (result.ok) {
      window.location.assign(result.redirect);
      return;
    }
    // a code is good once: the next try needs the next one
    setValue("code", "");
    setFormError(text.action(result.error));
  });

  return (
    // method="post": even a submit before the page's script runs never puts the fields in the address
    <form method="post" onSubmit={submit} noValidate className="flex flex-col gap-4" aria-describedby={formError ? "sign-in-error" : undefined}>
      <FormBody>
      {formError ? (
        <div id="sign-in-error">
          <Alert tone="error">{formError}</Alert>
        </div>
      ) : null}
      <Field label={t("email")} type="email" autoComplete="username" error={text.field(errors.email?.message)} {...register("email")} />
      <Field label={t("password")} type="password" autoComplete="current-password" error={text.field(errors.password?.message)} {...register("password")} />
      <Field
        label={t("code")}
        hint={t("codeHint")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        error={text.field(errors.code?.message)}
        {...register("code")}
      />
      <Button type="submit" pending={isSubmitting}>
        {t("submit")}
      </Button>
      </FormBody>
    </form>
  );
}
