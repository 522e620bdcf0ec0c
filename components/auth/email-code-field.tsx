"use client";

import type { UseFormRegisterReturn } from "react-hook-form";
import type { ActionError, PageRef } from "@/lib/session/action-result";
import type { CodeRequestPurpose, VerificationSetup } from "@/lib/validation/verification";
import { Field } from "@/components/ui/field";
import { Button } from "@/components/ui/button";
import { HumanVerification } from "@/components/verification/lazy";
import type { useEmailCode } from "./use-email-code";

type Props = {
  /** the services' verification setup when the page already has it; otherwise the widget fetches it */
  setup?: VerificationSetup;
  purpose: CodeRequestPurpose;
  page: PageRef;
  request: ReturnType<typeof useEmailCode>;
  /** Checks the form's email field; returns the address, or null when the form showed why not. */
  email: () => string | null;
  labels: { code: string; placeholder: string; send: string; resendIn: (seconds: number) => string };
  error?: string;
  inputProps: UseFormRegisterReturn<"code">;
  onSent: (email: string) => void;
  onFailed: (error: ActionError) => void;
};

/**
 * The verification-code input with its "send code" button. Sending goes through human
 * verification first, shown under the input; the button counts down 60 s after a send.
 */
export function EmailCodeField({ purpose, page, setup, request, email, labels, error, inputProps, onSent, onFailed }: Props) {
  const waiting = request.secondsLeft > 0;
  return (
    <>
      <Field
        label={labels.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={labels.placeholder}
        error={error}
        {...inputProps}
        trailing={
          <Button
            type="button"
            variant="ghost"
            className="h-8 px-2"
            pending={request.sending}
            disabled={waiting}
            onClick={() => {
              const address = email();
              if (address) request.begin(address);
            }}
          >
            {waiting ? labels.resendIn(request.secondsLeft) : labels.send}
          </Button>
        }
      />
      {request.verifying ? (
        <HumanVerification
          setup={setup}
          key={request.attempt}
          scene={purpose}
          email={request.verifying}
          lang={page.lang}
          query={page.query}
          onVerified={async (value) => {
            const result = await request.complete(value);
            if (result.ok) onSent(result.email);
            else onFailed(result.error);
          }}
        />
      ) : null}
    </>
  );
}
