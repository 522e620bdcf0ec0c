"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { formResolver } from "@/lib/validation/form-resolver";
import { recoveryCodeSchema, totpCodeSchema, type TotpCodeInput } from "@/lib/validation/two-step";
import { ErrorCode } from "@/lib/contract/errors";
import type { PageRef } from "@/lib/session/action-result";
import { finishTwoStepAction } from "@/lib/actions/auth/two-step";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormBody } from "@/components/ui/form-body";
import type { SignInHold } from "./device-hold";
import { callAction, useErrorText } from "./use-error-text";
import { goSignedIn } from "./use-password-sign-in";

type Props = { hold: SignInHold; page: PageRef; onBack: () => void };
type Method = "totp" | "recovery";

/**
 * The second step of a sign-in with two-step on (20901): the code of the authenticator app, or
 * one of the recovery codes. No session exists until it passes; then the browser goes where a
 * sign-in goes. A ticket that is no longer good (20902: expired, used, out of tries) sends the
 * user back to the form.
 */
export function TwoStepStep({ hold, page, onBack }: Props) {
  const [method, setMethod] = useState<Method>("totp");
  return <TwoStepForm key={method} hold={hold} page={page} onBack={onBack} method={method} onSwitch={() => setMethod(method === "totp" ? "recovery" : "totp")} />;
}

function TwoStepForm({ hold, page, onBack, method, onSwitch }: Props & { method: Method; onSwitch: () => void }) {
  const t = useTranslations("twoStep.signIn");
  const text = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const { register, handleSubmit, formState, setError, setValue } = useForm<TotpCodeInput>({
    resolver: formResolver(method === "totp" ? totpCodeSchema : recoveryCodeSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ code }) => {
    setFormError(null);
    const result = await callAction(() => finishTwoStepAction({ ticket: hold.challenge, remember: hold.remember, method, code }, page));
    if (result.ok) return goSignedIn(result, "twoStep");
    setValue("code", "");
    if (result.error.fields?.code) setError("code", { message: result.error.fields.code });
    else if (result.error.code === ErrorCode.twoStepCodeIncorrect) setError("code", { message: method === "totp" ? "twoStepCodeIncorrect" : "recoveryCodeIncorrect" });
    else {
      setExpired(result.error.code === ErrorCode.twoStepTicketInvalid);
      setFormError(text.action(result.error));
    }
  });
  const fieldError = errors.code?.message === "twoStepCodeIncorrect" || errors.code?.message === "recoveryCodeIncorrect" ? t(errors.code.message) : text.field(errors.code?.message);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="two-step-title">
      <FormBody>
        <div className="flex flex-col gap-1">
          <h2 id="two-step-title" className="text-lg font-semibold text-gray-900">
            {t("title")}
          </h2>
          <p className="text-sm text-gray-700">{method === "totp" ? t("totpIntro") : t("recoveryIntro")}</p>
        </div>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {method === "totp" ? (
          <Field label={t("totpLabel")} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus placeholder="123456" error={fieldError} {...register("code")} />
        ) : (
          <Field label={t("recoveryLabel")} autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={24} autoFocus placeholder="abcde-fghjk" hint={t("recoveryHint")} error={fieldError} {...register("code")} />
        )}
        <Button type="submit" pending={isSubmitting} disabled={expired}>
          {t("submit")}
        </Button>
        <Button type="button" variant="ghost" onClick={onSwitch} disabled={isSubmitting}>
          {method === "totp" ? t("useRecovery") : t("useTotp")}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack} disabled={isSubmitting}>
          {t("back")}
        </Button>
      </FormBody>
    </form>
  );
}
