"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { useSWRConfig } from "swr";
import { ErrorCode } from "@/lib/contract/errors";
import { redeemFormSchema, REDEEM_CODE_LENGTH, type RedeemFormInput } from "@/lib/validation/exchange";
import type { VerificationSetup, VerificationValue } from "@/lib/validation/verification";
import { announce } from "@/lib/analytics/announce";
import { redeemAction } from "@/lib/actions/exchange";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useHydrated } from "@/components/ui/use-hydrated";
import { HumanVerification } from "@/components/verification/human-verification";
import { applyFieldErrors } from "@/components/auth/form-errors";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { dayOf } from "./history-rows";
import type { ExchangePageRef } from "./use-history";

type Props = { page: ExchangePageRef; email: string; verification: VerificationSetup };
type Outcome = { tone: "success" | "error" | "warning"; text: string }[];

/**
 * The redemption form (SPEC §5): the code (16 letters and digits, any case) and the human
 * verification; every try spends the verification, so a fresh widget follows each answer. A
 * success says what was redeemed, refreshes the history and announces `redeemNow`.
 */
export function RedeemForm({ page, email, verification }: Props) {
  const t = useTranslations("exchange");
  const tv = useTranslations("validation");
  const text = useErrorText();
  const hydrated = useHydrated();
  const { mutate } = useSWRConfig();
  const [verified, setVerified] = useState<VerificationValue | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>([]);
  const { register, handleSubmit, formState, reset, setError } = useForm<RedeemFormInput>({ resolver: formResolver(redeemFormSchema), defaultValues: { code: "" } });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setOutcome([]);
    if (!verified) {
      setOutcome([{ tone: "error", text: tv("verificationRequired") }]);
      return;
    }
    const result = await callAction(() => redeemAction({ code: values.code, verification: verified }, page));
    setVerified(null);
    setAttempt((current) => current + 1);
    if (!result.ok) {
      if (!applyFieldErrors(result.error, ["code"] as const, setError)) {
        const message = result.error.code === ErrorCode.verificationRequired ? tv("verificationRequired") : text.action(result.error);
        setOutcome([{ tone: "error", text: message }]);
      }
      return;
    }
    const messages: Outcome = [{ tone: "success", text: t("redeemed", { benefit: result.item.benefit, date: dayOf(result.item.expireTime) }) }];
    if (result.xcs.status === "failed") messages.push({ tone: "warning", text: t("xcsFailed") });
    setOutcome(messages);
    reset({ code: "" });
    announce({ event: "redeemNow" });
    await mutate((key) => typeof key === "string" && key.startsWith("/api/exchange/history?"));
  });

  return (
    <section aria-labelledby="redeem-title" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5">
      <div>
        <h2 id="redeem-title" className="text-base font-semibold text-gray-900">
          {t("redeemTitle")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("intro")}</p>
      </div>
      {outcome.map((line) => (
        <Alert key={line.text} tone={line.tone}>
          {line.text}
        </Alert>
      ))}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <Field
          label={t("code")}
          placeholder={t("codePlaceholder")}
          autoComplete="off"
          spellCheck={false}
          maxLength={REDEEM_CODE_LENGTH + 8}
          className="max-w-md"
          error={text.field(errors.code?.message)}
          {...register("code")}
        />
        <div className="max-w-md">
          <HumanVerification key={attempt} setup={verification} scene="redeem" email={email} lang={page.lang} query={page.query} onVerified={setVerified} prompt={t("verifyIntro")} />
        </div>
        <Button type="submit" className="self-start" pending={isSubmitting} disabled={!hydrated} data-analytics-id="redeemNow">
          {t("redeem")}
        </Button>
      </form>
    </section>
  );
}
