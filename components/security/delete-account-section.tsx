"use client";

import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { deleteAccountSchema, type DeleteAccountInput } from "@/lib/validation/security";
import type { VerificationSetup } from "@/lib/validation/verification";
import { deleteAccountAction, sendDeleteCodeAction } from "@/lib/actions/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { HumanVerification } from "@/components/verification/lazy";
import { useErrorText } from "@/components/auth/use-error-text";
import { SecuritySection } from "./section";
import type { SecurityPageRef } from "./page-ref";
import { useOwnEmailCode } from "./use-own-email-code";
import { useStepUp } from "@/components/step-up/use-step-up";
import { applyFieldErrors } from "@/components/auth/form-errors";
import { completeSignOut } from "@/lib/bridge/sign-in";

type Props = { page: SecurityPageRef; email: string; verification: VerificationSetup };

/**
 * Delete account (SPEC §5): human verification → a code mailed to the account's own address
 * (POST /v1/user/verify/email, /v1/captcha type "delete") → the code and two confirmations →
 * POST /v1/user/delete → the login page, which says the account was deleted.
 */
export function DeleteAccountSection({ page, email, verification }: Props) {
  const t = useTranslations("security.delete");
  const text = useErrorText();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const confirmHintId = useId();
  // deleting the account lowers its security as far as it goes: a recent proof first (20113 opens the dialog)
  const stepUp = useStepUp({ page, email, verification });
  const { step, sending, secondsLeft, sendCode, resend, closed } = useOwnEmailCode(
    "passport:delete-code",
    (verification) => sendDeleteCodeAction({ verification }, page),
    (error) => setFormError(error ? text.action(error) : null),
  );
  const { register, handleSubmit, formState, reset, setError, control } = useForm<DeleteAccountInput>({
    resolver: formResolver(deleteAccountSchema),
    defaultValues: { code: "", financialResponsibility: false, permanentDeletion: false },
  });
  const { errors, isSubmitting } = formState;
  // SPEC §5: deleting needs both confirmations; the button waits for them rather than listing them after a click
  const [financial, permanent] = useWatch({ control, name: ["financialResponsibility", "permanentDeletion"] });
  const confirmed = financial && permanent;

  function onOpenChange(next: boolean) {
    if (isSubmitting) return;
    setOpen(next);
    if (!next) {
      reset();
      setFormError(null);
      closed();
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    if (step.name !== "code") return;
    setFormError(null);
    const result = await stepUp.guard(() => deleteAccountAction({ ...values, nonce: step.nonce }, page), "deleteAccount");
    if (result.ok) {
      await completeSignOut(result.redirect);
      return;
    }
    const fields = ["code", "financialResponsibility", "permanentDeletion"] as const;
    if (!applyFieldErrors(result.error, fields, setError)) setFormError(text.action(result.error));
  });

  const trigger = (
    <Button variant="danger" className="h-9" disabled={!hydrated}>
      {t("open")}
    </Button>
  );

  return (
    <SecuritySection
      id="delete-account"
      title={t("title")}
      description={t("description")}
      action={
        <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={t("dialogTitle")} description={t("dialogDescription")}>
          <div className="flex flex-col gap-4">
            <ul className="list-disc space-y-1 pl-5 text-sm text-gray-800">
              <li>{t("consequenceData")}</li>
              <li>{t("consequenceSessions")}</li>
              <li>{t("consequenceServices")}</li>
            </ul>
            {formError ? <Alert tone="error">{formError}</Alert> : null}
            {step.name === "verify" ? (
              <>
                <p className="text-sm text-gray-800">{t("verifyIntro", { email })}</p>
                {sending ? (
                  <p role="status" className="text-sm text-muted">
                    {t("sending")}
                  </p>
                ) : (
                  <HumanVerification key={step.attempt} setup={verification} scene="delete" email={email} lang={page.lang} query={page.query} onVerified={sendCode} />
                )}
                <DialogClose asChild>
                  <Button type="button" variant="secondary" className="self-end">
                    {t("cancel")}
                  </Button>
                </DialogClose>
              </>
            ) : (
              <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
                <Alert tone="success">{t("codeSent", { email })}</Alert>
                <Field
                  label={t("code")}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  placeholder={t("codePlaceholder")}
                  error={text.field(errors.code?.message)}
                  {...register("code")}
                  trailing={
                    <Button
                      type="button"
                      variant="ghost"
                      className="h-8 px-2"
                      disabled={secondsLeft > 0}
                      onClick={() => {
                        setFormError(null);
                        resend();
                      }}
                    >
                      {secondsLeft > 0 ? t("resendIn", { seconds: secondsLeft }) : t("resend")}
                    </Button>
                  }
                />
                <Checkbox label={t("confirmFinancial")} error={text.field(errors.financialResponsibility?.message)} {...register("financialResponsibility")} />
                <Checkbox label={t("confirmPermanent")} error={text.field(errors.permanentDeletion?.message)} {...register("permanentDeletion")} />
                {confirmed ? null : (
                  <p id={confirmHintId} className="text-xs text-muted">
                    {t("confirmBoth")}
                  </p>
                )}
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <DialogClose asChild>
                    <Button type="button" variant="secondary" disabled={isSubmitting}>
                      {t("cancel")}
                    </Button>
                  </DialogClose>
                  <Button type="submit" variant="danger" pending={isSubmitting} disabled={!confirmed} aria-describedby={confirmed ? undefined : confirmHintId}>
                    {t("submit")}
                  </Button>
                </div>
              </form>
            )}
          </div>
          {stepUp.dialog}
        </Dialog>
      }
    />
  );
}
