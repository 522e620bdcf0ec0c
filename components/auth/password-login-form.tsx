"use client";

import { useForm, useWatch } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { LaunchLink } from "@/components/layout/launch-link";
import { loginPasswordSchema, type LoginPasswordInput } from "@/lib/validation/auth";
import type { PageRef } from "@/lib/session/action-result";
import { loginWithPasswordAction } from "@/lib/actions/auth/login";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Checkbox } from "@/components/ui/checkbox";
import { Alert } from "@/components/ui/alert";
import { FormBody } from "@/components/ui/form-body";
import { PasswordField } from "./password-field";
import { useErrorText } from "./use-error-text";
import { SignInVerification, usePasswordSignIn } from "./use-password-sign-in";
import { HoldStep } from "./lazy";
import { useRememberReport } from "./use-remember-report";

type Props = { page: PageRef; findPasswordHref: string | null; onRemember?: (remember: boolean) => void };

/** Email and password; after repeated failures the services ask for human verification first (20106). */
export function PasswordLoginForm({ page, findPasswordHref, onRemember }: Props) {
  const t = useTranslations("login");
  const text = useErrorText();
  const signIn = usePasswordSignIn("password", page);
  const { register, handleSubmit, formState, control } = useForm<LoginPasswordInput>({
    resolver: formResolver(loginPasswordSchema),
    defaultValues: { email: "", password: "", remember: false },
  });
  const { errors, isSubmitting } = formState;
  useRememberReport(useWatch({ control, name: "remember" }), onRemember);

  const onSubmit = handleSubmit((values) => signIn.submit(values, (verification) => loginWithPasswordAction(values, page, verification)));

  if (signIn.hold) return <HoldStep hold={signIn.hold} page={page} onBack={signIn.back} />;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormBody>
        {signIn.formError ? <Alert tone="error">{signIn.formError}</Alert> : null}
        <Field label={t("email")} type="email" autoComplete="username webauthn" placeholder={t("emailPlaceholder")} error={text.field(errors.email?.message)} {...register("email")} />
        <PasswordField label={t("password")} autoComplete="current-password" placeholder={t("passwordPlaceholder")} error={text.field(errors.password?.message)} {...register("password")} />
        <div className="flex items-center justify-between">
          <Checkbox label={t("remember")} {...register("remember")} />
          {findPasswordHref ? (
            <LaunchLink href={findPasswordHref} className="text-sm text-primary-strong hover:underline">
              {t("forgot")}
            </LaunchLink>
          ) : null}
        </div>
        <SignInVerification human={signIn.human} scene="password_login" page={page} />
        <Button type="submit" pending={isSubmitting}>
          {t("submit")}
        </Button>
      </FormBody>
    </form>
  );
}
