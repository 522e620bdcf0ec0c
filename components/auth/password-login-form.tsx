"use client";

import { useState } from "react";
import { useForm } from "@/lib/validation/use-form";
import { useTranslations } from "next-intl";
import { LaunchLink } from "@/components/layout/launch-link";
import { loginPasswordSchema } from "@/lib/validation/auth";
import { ErrorCode } from "@/lib/contract/errors";
import type { PageRef } from "@/lib/session/action-result";
import { loginWithPasswordAction } from "@/lib/actions/auth/login";
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

type Props = { page: PageRef; findPasswordHref: string | null };

/** Email and password; after repeated failures the services ask for human verification first (20106). */
export function PasswordLoginForm({ page, findPasswordHref }: Props) {
  const t = useTranslations("login");
  const text = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const human = useSignInVerification();
  const [hold, setHold] = useState<DeviceHold | null>(null);
  const { register, handleSubmit, formState } = useForm({
    schema: loginPasswordSchema,
    defaultValues: { email: "", password: "", remember: false },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const value = human.forSubmit();
    if (value === "unsolved") {
      setFormError(text.action({ code: ErrorCode.verificationRequired }));
      return;
    }
    const result = await callAction(() => loginWithPasswordAction(values, page, value));
    if (result.ok) {
      announce({ event: "login", method: "password" });
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

  if (hold) return <DeviceCodeStep hold={hold} page={page} onBack={() => setHold(null)} />;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormBody>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <Field label={t("email")} type="email" autoComplete="email" placeholder={t("emailPlaceholder")} error={text.field(errors.email?.message)} {...register("email")} />
        <PasswordField label={t("password")} autoComplete="current-password" placeholder={t("passwordPlaceholder")} error={text.field(errors.password?.message)} {...register("password")} />
        <div className="flex items-center justify-between">
          <Checkbox label={t("remember")} {...register("remember")} />
          {findPasswordHref ? (
            <LaunchLink href={findPasswordHref} className="text-sm text-primary-strong hover:underline">
              {t("forgot")}
            </LaunchLink>
          ) : null}
        </div>
        {human.challenge ? (
          <HumanVerification
            key={human.challenge.attempt}
            scene="password_login"
            email={human.challenge.email}
            lang={page.lang}
            query={page.query}
            onVerified={human.solved}
          />
        ) : null}
        <Button type="submit" pending={isSubmitting}>
          {t("submit")}
        </Button>
      </FormBody>
    </form>
  );
}
