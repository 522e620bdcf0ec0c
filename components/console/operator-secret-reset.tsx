"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { resetOperatorSecretAction, type ResetSecret } from "@/lib/actions/console/operator-secrets";
import { reasonSchema, type ReasonInput } from "@/lib/validation/console";
import { formResolver } from "@/lib/validation/form-resolver";
import { callAction } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { OneTimeSecret } from "./one-time-secret";
import { useConsoleText } from "./use-console-text";

/**
 * An admin gives another operator a new password or a new authenticator, with a reason. The new
 * secret is shown here once (it lives only in this component's state); the operator's sessions end.
 */
export function OperatorSecretReset({ lang, id, email }: { lang: string; id: string; email: string }) {
  const t = useTranslations("console.operators");
  const text = useConsoleText();
  const [what, setWhat] = useState<"password" | "authenticator">("password");
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<ResetSecret | null>(null);
  const form = useForm<ReasonInput>({ resolver: formResolver(reasonSchema), defaultValues: { reason: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ reason }) => {
    setError(null);
    setSecret(null);
    const result = await callAction(() => resetOperatorSecretAction({ id, what, reason }, lang));
    if (!result.ok) return setError(text.action(result.error));
    setSecret(result.secret);
    form.reset({ reason: "" });
  });

  return (
    <form method="post" noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-end gap-2">
      <Field label={t("resetReasonFor", { email })} autoComplete="off" error={text.field(errors.reason?.message)} {...form.register("reason")} />
      <Button type="submit" variant="secondary" pending={isSubmitting && what === "password"} onClick={() => setWhat("password")}>
        {t("resetPassword")}
      </Button>
      <Button type="submit" variant="secondary" pending={isSubmitting && what === "authenticator"} onClick={() => setWhat("authenticator")}>
        {t("resetAuthenticator")}
      </Button>
      {error ? (
        <div className="w-full">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {secret && "password" in secret ? (
        <div className="w-full">
          <OneTimeSecret label={t("newPasswordOnce", { email })} secret={secret.password} />
        </div>
      ) : null}
      {secret && "totpSecret" in secret ? (
        <div className="flex w-full flex-col gap-2">
          <OneTimeSecret label={t("newAuthenticatorOnce", { email })} secret={secret.totpSecret} />
          {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on the server */}
          <img src={secret.qr} alt={t("qr")} width={220} height={220} className="bg-white" />
        </div>
      ) : null}
    </form>
  );
}
