"use client";

import { useState } from "react";
import { useForm } from "@/lib/validation/use-form";
import { useTranslations } from "next-intl";
import { LaunchLink } from "@/components/layout/launch-link";
import { usePageRef } from "@/components/layout/use-page-ref";
import { enterpriseLoginSchema } from "@/lib/validation/auth";
import { ErrorCode } from "@/lib/contract/errors";
import { enterpriseLoginAction } from "@/lib/actions/auth/enterprise-login";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Checkbox } from "@/components/ui/checkbox";
import { Alert } from "@/components/ui/alert";
import { FormBody } from "@/components/ui/form-body";
import { HumanVerification } from "@/components/verification/lazy";
import { PasswordField } from "./password-field";
import { callAction, useErrorText } from "./use-error-text";
import { useSignInVerification } from "./use-sign-in-verification";
import { deviceHoldOf, type DeviceHold } from "./device-hold";
import { DeviceCodeStep } from "./lazy";
import { announce } from "@/lib/analytics/announce";
import { completeSignIn } from "@/lib/bridge/sign-in";

type Props = { lang: string; personalHref: string };

/** Business account ID, enterprise email, password and remember me; human verification on 20106. */
export function EnterpriseLoginForm({ lang, personalHref }: Props) {
  const t = useTranslations("loginBusiness");
  const text = useErrorText();
  const page = usePageRef(lang);
  const [formError, setFormError] = useState<string | null>(null);
  const human = useSignInVerification();
  const [hold, setHold] = useState<DeviceHold | null>(null);
  const { register, handleSubmit, formState } = useForm({
    schema: enterpriseLoginSchema,
    defaultValues: { account: "", email: "", password: "", remember: false },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const value = human.forSubmit();
    if (value === "unsolved") {
      setFormError(text.action({ code: ErrorCode.verificationRequired }));
      return;
    }
    const result = await callAction(() => enterpriseLoginAction(values, page, value));
    if (result.ok) {
      announce({ event: "login", method: "enterprise" });
      await completeSignIn(result);
      return;
    }
    const held = deviceHoldOf(result.error, values.remember);
    if (held) {
      human.failed(result.error.code, values.email);
      setHold(held);
      return;
    }
    if (human.failed(result.error.code, values.email)) setFormError(text.action(result.error));
  });

  if (hold) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-gray-900">{t("title")}</h1>
        <DeviceCodeStep hold={hold} page={page} onBack={() => setHold(null)} />
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="login-business-title">
      <FormBody>
        <h1 id="login-business-title" className="text-2xl font-semibold text-gray-900">
          {t("title")}
        </h1>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <Field label={t("account")} autoComplete="organization" placeholder={t("accountPlaceholder")} error={text.field(errors.account?.message)} {...register("account")} />
        <Field label={t("email")} type="email" autoComplete="email" placeholder={t("emailPlaceholder")} error={text.field(errors.email?.message)} {...register("email")} />
        <PasswordField label={t("password")} autoComplete="current-password" placeholder={t("passwordPlaceholder")} error={text.field(errors.password?.message)} {...register("password")} />
        <Checkbox label={t("remember")} {...register("remember")} />
        {human.challenge ? (
          <HumanVerification
            key={human.challenge.attempt}
            scene="enterprise_login"
            email={human.challenge.email}
            lang={lang}
            query={page.query}
            onVerified={human.solved}
          />
        ) : null}
        <Button type="submit" pending={isSubmitting}>
          {t("submit")}
        </Button>
        <p className="text-center text-sm">
          <LaunchLink href={personalHref} keepR className="font-medium text-primary-strong hover:underline">
            {t("toPersonal")}
          </LaunchLink>
        </p>
      </FormBody>
    </form>
  );
}
