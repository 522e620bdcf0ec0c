"use client";

import { useState } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslations } from "next-intl";
import type { ActionError, PageRef } from "@/lib/session/action-result";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { EmailCodeField } from "./email-code-field";
import { validEmailOrMark } from "./form-errors";
import { useEmailCode } from "./use-email-code";

/** The two screens that start with an email and an emailed code; their messages live under the same name. */
type Purpose = "login" | "register";

/** What the shared piece needs of the form (react-hook-form's useForm). */
type EmailCodeForm = {
  getValues: (name: "email") => unknown;
  setError: (name: "email" | "code", error: { message: string }) => void;
  clearErrors: (name: "email") => void;
};

/**
 * The email + code request of sign-in by code and sign-up: the request (useEmailCode), the
 * "code sent" notice, and at submit the request's nonce for the typed email.
 */
export function useEmailAndCode(purpose: Purpose, page: PageRef, form: EmailCodeForm) {
  const request = useEmailCode(purpose, page);
  const [notice, setNotice] = useState<string | null>(null);

  /** The email for a code request, or null when the form marked why not; the old notice goes. */
  function checkedEmail(): string | null {
    setNotice(null);
    return validEmailOrMark(form.getValues("email"), (message) => form.setError("email", { message }), () => form.clearErrors("email"));
  }

  /** The nonce of the code sent to `email`; without one the code field asks to request a code first. */
  function nonceFor(email: string): string | null {
    const nonce = request.nonceFor(email);
    if (!nonce) form.setError("code", { message: "codeRequestFirst" });
    return nonce;
  }

  return { purpose, page, request, notice, setNotice, checkedEmail, nonceFor };
}

type Props = {
  code: ReturnType<typeof useEmailAndCode>;
  emailProps: UseFormRegisterReturn<"email">;
  codeProps: UseFormRegisterReturn<"code">;
  /** the fields' translated errors */
  errors: { email?: string; code?: string };
  /** a code request begins: the form clears its own messages */
  onStart: () => void;
  onFailed: (error: ActionError) => void;
};

/** The "code sent" notice, the email field, and the code field with its "send code" button. */
export function EmailAndCodeFields({ code, emailProps, codeProps, errors, onStart, onFailed }: Props) {
  const t = useTranslations(code.purpose);
  return (
    <>
      {code.notice ? <Alert tone="success">{code.notice}</Alert> : null}
      <Field label={t("email")} type="email" autoComplete="email" placeholder={t("emailPlaceholder")} error={errors.email} {...emailProps} />
      <EmailCodeField
        purpose={code.purpose}
        page={code.page}
        request={code.request}
        email={() => {
          onStart();
          return code.checkedEmail();
        }}
        labels={{ code: t("code"), placeholder: t("codePlaceholder"), send: t("sendCode"), resendIn: (seconds) => t("resendIn", { seconds }) }}
        error={errors.code}
        inputProps={codeProps}
        onSent={(email) => code.setNotice(t("codeSent", { email }))}
        onFailed={onFailed}
      />
    </>
  );
}
