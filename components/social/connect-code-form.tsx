"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { connectWithCodeAction } from "@/lib/actions/social/connect";
import { connectCodeSchema, type ConnectCodeInput } from "@/lib/validation/social";
import type { VerificationSetup } from "@/lib/validation/verification";
import type { PageRef } from "@/lib/session/action-result";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormBody } from "@/components/ui/form-body";
import { EmailCodeField } from "@/components/auth/email-code-field";
import { useEmailCode } from "@/components/auth/use-email-code";
import { applyFieldErrors, validEmailOrMark } from "@/components/auth/form-errors";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { signInHoldOf, type SignInHold } from "@/components/auth/device-hold";

type Props = {
  page: PageRef;
  channel: string;
  verification: VerificationSetup;
  /** the existing account's email (fixed), or null when the user gives one */
  email: string | null;
  /** two-step sign-in holds the account's session for its second step (20901) */
  onHold: (hold: SignInHold) => void;
};

/**
 * The connection screen's code way: a code of purpose "social" mailed (after human
 * verification) to the existing account, or to the email the user gives when the provider
 * shared no verified one.
 */
export function ConnectCodeForm({ page, channel, verification, email, onHold }: Props) {
  const t = useTranslations("social.connect");
  const text = useErrorText();
  const request = useEmailCode("social", page);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { register, handleSubmit, formState, getValues, setError, clearErrors } = useForm<ConnectCodeInput>({
    resolver: formResolver(connectCodeSchema),
    defaultValues: { email: email ?? "", code: "" },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const nonce = request.nonceFor(values.email);
    if (!nonce) {
      setError("code", { message: "codeRequestFirst" });
      return;
    }
    const result = await callAction(() => connectWithCodeAction({ ...values, nonce, channel }, page));
    if (result.ok) {
      window.location.assign(result.redirect);
      return;
    }
    const held = signInHoldOf(result.error, true);
    if (held) return onHold(held);
    if (!applyFieldErrors(result.error, ["email", "code"], setError)) setFormError(text.action(result.error));
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormBody>
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {email === null ? (
          <Field label={t("email")} type="email" autoComplete="email" placeholder={t("emailPlaceholder")} error={text.field(errors.email?.message)} {...register("email")} />
        ) : null}
        <EmailCodeField
          purpose="social"
          page={page}
          setup={verification}
          request={request}
          email={() => {
            setFormError(null);
            setNotice(null);
            return validEmailOrMark(getValues("email"), (message) => setError("email", { message }), () => clearErrors("email"));
          }}
          labels={{ code: t("code"), placeholder: t("codePlaceholder"), send: t("sendCode"), resendIn: (seconds) => t("resendIn", { seconds }) }}
          error={text.field(errors.code?.message)}
          inputProps={register("code")}
          onSent={(address) => setNotice(t("codeSent", { email: address }))}
          onFailed={(error) => setFormError(text.action(error))}
        />
        <Button type="submit" pending={isSubmitting} data-analytics-id="socialConnect">
          {email === null ? t("continue") : t("submit")}
        </Button>
      </FormBody>
    </form>
  );
}
