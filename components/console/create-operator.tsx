"use client";

import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { createOperatorAction, type NewOperatorSecrets } from "@/lib/actions/console/operators";
import { OPERATOR_ROLES } from "@/lib/contract/console/roles";
import { createOperatorSchema, type CreateOperatorInput } from "@/lib/validation/console";
import { formResolver } from "@/lib/validation/form-resolver";
import { callAction } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormBody } from "@/components/ui/form-body";
import { useConsoleText } from "./use-console-text";

const FIELDS = ["email", "name", "role", "reason"] as const;
const blank: CreateOperatorInput = { email: "", name: "", role: "viewer", reason: "" };
const isField = (name: string): name is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(name);

/** A new operator; its password and authenticator secret are shown here once, then never again. */
export function CreateOperator({ lang }: { lang: string }) {
  const t = useTranslations("console.operators");
  const text = useConsoleText();
  const router = useRouter();
  const roleId = useId();
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<NewOperatorSecrets | null>(null);
  const form = useForm<CreateOperatorInput>({ resolver: formResolver(createOperatorSchema), defaultValues: blank });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const result = await callAction(() => createOperatorAction(values, lang));
    if (!result.ok) {
      // a field the services refused is marked on that field; anything else above the button
      const fields = result.error.fields ?? {};
      const refused = Object.keys(fields).filter(isField);
      // the email's own rule keys (emailInvalid…) are the portal's; the others are admin.fields keys
      for (const name of refused) form.setError(name, { message: name === "email" ? fields.email : name === "reason" ? "reasonRequired" : name });
      if (refused.length === 0) setError(text.action(result.error));
      return;
    }
    setCreated(result.created);
    form.reset(blank);
    router.refresh();
  });

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
      <form method="post" onSubmit={(event) => void submit(event)} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormBody>
        <Field label={t("email")} type="email" autoComplete="off" error={text.field(errors.email?.message)} {...form.register("email")} />
        <Field label={t("name")} autoComplete="off" error={text.field(errors.name?.message)} {...form.register("name")} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={roleId} className="text-sm font-medium text-gray-800">
            {t("role")}
          </label>
          <select id={roleId} className="h-11 rounded-lg border border-gray-300 bg-white px-3 text-sm" {...form.register("role")}>
            {OPERATOR_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t("reason")} autoComplete="off" error={text.field(errors.reason?.message)} {...form.register("reason")} />
        {error ? (
          <div className="sm:col-span-2">
            <Alert tone="error">{error}</Alert>
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" pending={isSubmitting}>
            {t("create")}
          </Button>
        </div>
        </FormBody>
      </form>
    </div>
  );
}
