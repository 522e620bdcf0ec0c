"use client";

import { useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { LaunchLink } from "@/components/layout/launch-link";
import { usePageRef } from "@/components/layout/use-page-ref";
import { findPasswordSchema, type FindPasswordInput } from "@/lib/validation/auth";
import type { ActionError } from "@/lib/session/action-result";
import { ErrorCode } from "@/lib/contract/errors";
import { checkFindPasswordCodeAction, findPasswordAction } from "@/lib/actions/auth/find-password";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Alert } from "@/components/ui/alert";
import { FormBody } from "@/components/ui/form-body";
import { HumanVerification } from "@/components/verification/lazy";
import { PasswordField } from "./password-field";
import { useEmailCode } from "./use-email-code";
import { callAction, useErrorText } from "./use-error-text";
import { announce } from "@/lib/analytics/announce";

type Props = { lang: string; loginHref: string };
type Step = "email" | "verify" | "code" | "password" | "done";

const STEP_NUMBER: Record<Exclude<Step, "done">, number> = { email: 1, verify: 2, code: 3, password: 4 };
/** Back goes one step back; from the code it skips the verification, which only sends the code. */
const PREVIOUS: Record<Exclude<Step, "email" | "done">, Step> = { verify: "email", code: "email", password: "code" };

/** Find / reset password: email → human verification → emailed code (checked) → new password twice. */
export function FindPasswordForm({ lang, loginHref }: Props) {
  const t = useTranslations("findpwd");
  const text = useErrorText();
  const page = usePageRef(lang);
  const [step, setStep] = useState<Step>("email");
  const [email, setEmail] = useState("");
  const [formError, setFormError] = useState<string | null>(null);
  /** The code step keeps showing the passed verification that sent its code. */
  const [verified, setVerified] = useState(false);
  const [checking, setChecking] = useState(false);
  const request = useEmailCode("findpwd", page);
  const { register, handleSubmit, formState, trigger, getValues } = useForm<FindPasswordInput>({
    resolver: formResolver(findPasswordSchema),
    defaultValues: { email: "", code: "", password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = formState;

  function go(next: Step, error: string | null = null) {
    setFormError(error);
    setStep(next);
    if (next !== "code") setVerified(false);
  }

  /** A wrong or expired code goes back to the code step; anything else stays, with what was typed. */
  function failed(error: ActionError) {
    const message = error.fields ? (text.field(Object.values(error.fields)[0]) ?? text.action(error)) : text.action(error);
    go(error.code === ErrorCode.incorrectCode ? "code" : step, message);
  }

  async function toVerification() {
    if (!(await trigger("email"))) return;
    const address = getValues("email").trim();
    setEmail(address);
    // A code sent a moment ago still works: no second request while the countdown runs.
    if (request.nonceFor(address) && request.secondsLeft > 0) return go("code");
    request.begin(address);
    go("verify");
  }

  /** The code is checked (not used up) before the new password is asked for; a wrong one stays here. */
  async function toPassword() {
    if (checking || !(await trigger("code"))) return;
    setFormError(null);
    const nonce = request.nonceFor(email);
    if (!nonce) return go("email", text.field("codeRequestFirst") ?? null);
    setChecking(true);
    try {
      const result = await callAction(() => checkFindPasswordCodeAction({ email, code: getValues("code"), nonce }, page));
      if (result.ok) return go("password");
      failed(result.error);
    } finally {
      setChecking(false);
    }
  }

  function resend() {
    request.begin(email);
    go("verify");
  }

  function onStep(event: FormEvent, next: () => Promise<void>) {
    event.preventDefault();
    void next();
  }

  const reset = handleSubmit(async (values) => {
    setFormError(null);
    const nonce = request.nonceFor(values.email);
    if (!nonce) return go("email", text.field("codeRequestFirst") ?? null);
    const result = await callAction(() => findPasswordAction({ ...values, nonce }, page));
    if (result.ok) {
      announce({ event: "findPassword" });
      return go("done");
    }
    failed(result.error);
  });

  if (step === "done") {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-gray-900">{t("doneTitle")}</h1>
        <Alert tone="success">{t("done")}</Alert>
        <LaunchLink href={loginHref} keepR className="inline-flex h-11 items-center justify-center rounded-lg bg-primary px-4 text-sm font-semibold text-primary-ink hover:bg-primary-hover">
          {t("toLogin")}
        </LaunchLink>
      </div>
    );
  }

  const back = step === "email" ? null : PREVIOUS[step];
  return (
    <FormBody>
      <div className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-2">
          {back ? (
            <button type="button" onClick={() => go(back)} className="text-sm font-medium text-primary-strong hover:underline">
              ← {t("back")}
            </button>
          ) : (
            <LaunchLink href={loginHref} keepR className="text-sm font-medium text-primary-strong hover:underline">
              ← {t("backToLogin")}
            </LaunchLink>
          )}
          <p className="text-xs text-muted">{t("step", { current: STEP_NUMBER[step], total: 4 })}</p>
        </div>
        <h1 id="findpwd-title" className="text-2xl font-semibold text-gray-900">
          {t("title")}
        </h1>
        {formError ? <Alert tone="error">{formError}</Alert> : null}

        {step === "email" ? (
          <form onSubmit={(event) => onStep(event, toVerification)} noValidate className="flex flex-col gap-4" aria-labelledby="findpwd-title">
            <p className="text-sm text-muted">{t("emailIntro")}</p>
            <Field label={t("email")} type="email" autoComplete="email" autoFocus placeholder={t("emailPlaceholder")} error={text.field(errors.email?.message)} {...register("email")} />
            <Button type="submit">{t("next")}</Button>
          </form>
        ) : null}

        {(step === "verify" || (step === "code" && verified)) && request.verifying ? (
          <HumanVerification
            key={request.attempt}
            scene="findpwd"
            email={request.verifying}
            lang={lang}
            query={page.query}
            prompt={t("verifyIntro", { email })}
            onVerified={async (value) => {
              const result = await request.complete(value);
              if (!result.ok) return go("email", text.action(result.error));
              go("code");
              setVerified(true);
            }}
          />
        ) : null}

        {step === "code" ? (
          <form onSubmit={(event) => onStep(event, toPassword)} noValidate className="flex flex-col gap-4" aria-labelledby="findpwd-title">
            <p role="status" className="text-sm text-muted">{t("codeIntro", { email })}</p>
            <Field label={t("code")} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus placeholder={t("codePlaceholder")} error={text.field(errors.code?.message)} {...register("code")} />
            <Button type="submit" pending={checking}>
              {t("next")}
            </Button>
            <Button type="button" variant="ghost" disabled={request.secondsLeft > 0} onClick={resend}>
              {request.secondsLeft > 0 ? t("resendIn", { seconds: request.secondsLeft }) : t("resend")}
            </Button>
          </form>
        ) : null}

        {step === "password" ? (
          <form onSubmit={reset} noValidate className="flex flex-col gap-4" aria-labelledby="findpwd-title">
            <p className="text-sm text-muted">{t("passwordIntro", { email })}</p>
            <PasswordField label={t("password")} autoComplete="new-password" autoFocus placeholder={t("passwordPlaceholder")} error={text.field(errors.password?.message)} {...register("password")} />
            <PasswordField label={t("confirmPassword")} autoComplete="new-password" placeholder={t("confirmPasswordPlaceholder")} error={text.field(errors.confirmPassword?.message)} {...register("confirmPassword")} />
            <Button type="submit" pending={isSubmitting}>
              {t("submit")}
            </Button>
          </form>
        ) : null}
      </div>
    </FormBody>
  );
}
