"use client";

import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { LaunchLink } from "@/components/layout/launch-link";
import { usePageRef } from "@/components/layout/use-page-ref";
import { enterpriseLoginSchema, type EnterpriseLoginInput } from "@/lib/validation/auth";
import { enterpriseLoginAction } from "@/lib/actions/auth/enterprise-login";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Checkbox } from "@/components/ui/checkbox";
import { Alert } from "@/components/ui/alert";
import { FormBody } from "@/components/ui/form-body";
import { PasswordField } from "./password-field";
import { useErrorText } from "./use-error-text";
import { SignInVerification, usePasswordSignIn } from "./use-password-sign-in";
import { PasskeySignIn } from "./lazy-passkey-sign-in";
import { HoldStep } from "./lazy";

type Props = { lang: string; personalHref: string };

/** Business account ID, enterprise email, password and remember me; human verification on 20106. */
export function EnterpriseLoginForm({ lang, personalHref }: Props) {
  const t = useTranslations("loginBusiness");
  const text = useErrorText();
  const page = usePageRef(lang);
  const signIn = usePasswordSignIn("enterprise", page);
  const { register, handleSubmit, formState, getValues } = useForm<EnterpriseLoginInput>({
    resolver: formResolver(enterpriseLoginSchema),
    defaultValues: { account: "", email: "", password: "", remember: false },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit((values) => signIn.submit(values, (verification) => enterpriseLoginAction(values, page, verification)));

  if (signIn.hold) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-gray-900">{t("title")}</h1>
        <HoldStep hold={signIn.hold} page={page} onBack={signIn.back} />
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="login-business-title">
      <FormBody>
        <h1 id="login-business-title" className="text-2xl font-semibold text-gray-900">
          {t("title")}
        </h1>
        {signIn.formError ? <Alert tone="error">{signIn.formError}</Alert> : null}
        <Field label={t("account")} autoComplete="organization" placeholder={t("accountPlaceholder")} error={text.field(errors.account?.message)} {...register("account")} />
        <Field label={t("email")} type="email" autoComplete="username webauthn" placeholder={t("emailPlaceholder")} error={text.field(errors.email?.message)} {...register("email")} />
        <PasswordField label={t("password")} autoComplete="current-password" placeholder={t("passwordPlaceholder")} error={text.field(errors.password?.message)} {...register("password")} />
        <Checkbox label={t("remember")} {...register("remember")} />
        <SignInVerification human={signIn.human} scene="enterprise_login" page={page} />
        <Button type="submit" pending={isSubmitting}>
          {t("submit")}
        </Button>
        <PasskeySignIn page={page} remember={() => getValues("remember")} />
        <p className="text-center text-sm">
          <LaunchLink href={personalHref} keepR className="font-medium text-primary-strong hover:underline">
            {t("toPersonal")}
          </LaunchLink>
        </p>
      </FormBody>
    </form>
  );
}
