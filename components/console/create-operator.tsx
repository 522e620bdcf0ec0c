"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { createOperatorAction, type NewOperatorSecrets } from "@/lib/actions/console/operators";
import { OPERATOR_ROLES } from "@/lib/contract/console/roles";
import { reasonSchema } from "@/lib/validation/console";
import { callAction } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormBody } from "@/components/ui/form-body";
import { useConsoleText } from "./use-console-text";

/** A new operator; its password and authenticator secret are shown here once, then never again. */
export function CreateOperator({ lang }: { lang: string }) {
  const t = useTranslations("console.operators");
  const text = useConsoleText();
  const router = useRouter();
  const roleId = useId();
  const [values, setValues] = useState({ email: "", name: "", role: "viewer", reason: "" });
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<NewOperatorSecrets | null>(null);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const reason = reasonSchema.safeParse({ reason: values.reason });
    if (!reason.success) return setError(text.field(reason.error.issues[0]?.message) ?? null);
    setPending(true);
    setError(null);
    const result = await callAction(() => createOperatorAction(values, lang));
    setPending(false);
    if (!result.ok) return setError(text.action(result.error));
    setCreated(result.created);
    setValues({ email: "", name: "", role: "viewer", reason: "" });
    router.refresh();
  }

  return (
    <div className="flex flex-col gap-4">
      {created ? (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p className="font-semibold">{t("createdOnce", { email: created.email })}</p>
          <p>
            {t("password")}: <code className="break-all">{created.password}</code>
          </p>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn on the server */}
          <img src={created.qr} alt={t("qr")} width={220} height={220} className="bg-white" />
          <p>
            {t("secret")}: <code className="break-all">{created.totpSecret}</code>
          </p>
          <p className="break-all text-xs">{created.totpUri}</p>
        </div>
      ) : null}
      <form method="post" onSubmit={submit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormBody>
        <Field label={t("email")} type="email" value={values.email} onChange={set("email")} autoComplete="off" />
        <Field label={t("name")} value={values.name} onChange={set("name")} autoComplete="off" />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={roleId} className="text-sm font-medium text-gray-800">
            {t("role")}
          </label>
          <select id={roleId} value={values.role} onChange={set("role")} className="h-11 rounded-lg border border-gray-300 bg-white px-3 text-sm">
            {OPERATOR_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t("reason")} value={values.reason} onChange={set("reason")} autoComplete="off" />
        {error ? (
          <div className="sm:col-span-2">
            <Alert tone="error">{error}</Alert>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" pending={pending}>
            {t("create")}
          </Button>
        </div>
        </FormBody>
      </form>
    </div>
  );
}
