"use client";

import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { sendFirstPasswordCodeAction, setFirstPasswordAction } from "@/lib/actions/social/accounts";
import { setPasswordSchema, type SetPasswordInput } from "@/lib/validation/social";
import type { VerificationSetup } from "@/lib/validation/verification";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { HumanVerification } from "@/components/verification/human-verification";
import { PasswordField } from "@/components/auth/password-field";
import { applyFieldErrors } from "@/components/auth/form-errors";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import type { SecurityPageRef } from "./page-ref";
import { useOwnEmailCode } from "./use-own-email-code";

type Props = {
  page: SecurityPageRef;
  email: string;
  verification: VerificationSetup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  onDone: () => void;
};

/**
 * "Set a password" for an account made by social sign-in (it has none): human verification →
 * a code mailed to the account's own address → the code and the new password twice
 * (POST /v1/user/password/set). The sessions stay signed in.
 */
export function SetPasswordDialog({ page, email, verification, open, onOpenChange, trigger, onDone }: Props) {
  const t = useTranslations("security.setPassword");
  const text = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const { step, sending, secondsLeft, sendCode, resend } = useOwnEmailCode(
    "passport:set-password-code",
    (verification) => sendFirstPasswordCodeAction({ verification }, page),
    (error) => setFormError(error ? text.action(error) : null),
  );
  const { register, handleSubmit, formState, reset, setError } = useForm<SetPasswordInput>({
    resolver: formResolver(setPasswordSchema),
    defaultValues: { code: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = formState;

  function change(next: boolean) {
    if (isSubmitting) return;
    onOpenChange(next);
    if (!next) {
      reset();
      setFormError(null);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    if (step.name !== "code") return;
    setFormError(null);
    const result = await callAction(() => setFirstPasswordAction({ ...values, nonce: step.nonce }, page));
    if (result.ok) {
      change(false);
      onDone();
      return;
    }
    if (!applyFieldErrors(result.error, ["code", "password", "confirmPassword"], setError)) setFormError(text.action(result.error));
  });

  return (
    <Dialog open={open} onOpenChange={change} trigger={trigger} title={t("title")} description={t("description")}>
      <div className="flex flex-col gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        {step.name === "verify" ? (
          <>
            <p className="text-sm text-gray-800">{t("verifyIntro", { email })}</p>
            {sending ? (
              <p role="status" className="text-sm text-muted">
                {t("sending")}
              </p>
            ) : (
              <HumanVerification key={step.attempt} setup={verification} scene="findpwd" email={email} lang={page.lang} query={page.query} onVerified={sendCode} />
            )}
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            <Alert tone="success">{t("codeSent", { email })}</Alert>
            <Field
              label={t("code")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              error={text.field(errors.code?.message)}
              {...register("code")}
              trailing={
                <Button type="button" variant="ghost" className="h-8 px-2" disabled={secondsLeft > 0} onClick={resend}>
                  {secondsLeft > 0 ? t("resendIn", { seconds: secondsLeft }) : t("resend")}
                </Button>
              }
            />
            <PasswordField label={t("password")} autoComplete="new-password" error={text.field(errors.password?.message)} {...register("password")} />
            <PasswordField label={t("confirmPassword")} autoComplete="new-password" error={text.field(errors.confirmPassword?.message)} {...register("confirmPassword")} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button type="button" variant="secondary" disabled={isSubmitting}>
                  {t("cancel")}
                </Button>
              </DialogClose>
              <Button type="submit" pending={isSubmitting}>
                {t("submit")}
              </Button>
            </div>
          </form>
        )}
      </div>
    </Dialog>
  );
}
