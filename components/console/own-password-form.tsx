"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { ErrorCode } from "@/lib/contract/errors";
import { changeOwnPasswordAction } from "@/lib/actions/console/operator-secrets";
import { ownPasswordSchema, type OwnPasswordInput } from "@/lib/validation/console";
import { formResolver } from "@/lib/validation/form-resolver";
import { callAction } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useConsoleText } from "./use-console-text";

const blank: OwnPasswordInput = { current: "", next: "" };

/** The signed-in operator's own password (every role, the Your password screen): the current one, then the new one; their other sessions end. */
export function OwnPasswordForm({ lang }: { lang: string }) {
  const t = useTranslations("console.operators");
  const text = useConsoleText();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<OwnPasswordInput>({ resolver: formResolver(ownPasswordSchema), defaultValues: blank });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setDone(false);
    if (values.next === values.current) return form.setError("next", { message: "samePassword" }, { shouldFocus: true });
    const result = await callAction(() => changeOwnPasswordAction(values, lang));
    // a wrong current password is said on its field; the services changed nothing
    if (!result.ok && result.error.code === ErrorCode.incorrectPassword) return form.setError("current", { message: "wrongCurrentPassword" }, { shouldFocus: true });
    if (!result.ok) return setError(text.action(result.error));
    setDone(true);
    form.reset(blank);
  });

  return (
    <form method="post" noValidate onSubmit={(event) => void submit(event)} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <Field label={t("currentPassword")} type="password" autoComplete="current-password" error={text.field(errors.current?.message)} {...form.register("current")} />
      <Field label={t("newPassword")} hint={t("newPasswordHint")} type="password" autoComplete="new-password" error={text.field(errors.next?.message)} {...form.register("next")} />
      {error ? (
        <div className="sm:col-span-2">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {done ? (
        <p role="status" className="text-sm text-gray-800 sm:col-span-2">
          {t("passwordChanged")}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" pending={isSubmitting}>
          {t("changePassword")}
        </Button>
      </div>
    </form>
  );
}
