"use client";

import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { updateOperatorAction } from "@/lib/actions/console/operators";
import { OPERATOR_ROLES, type OperatorRole } from "@/lib/contract/console/roles";
import { operatorChangeSchema, type OperatorChangeInput } from "@/lib/validation/console";
import { formResolver } from "@/lib/validation/form-resolver";
import { Button } from "@/components/ui/button";
import { useConsoleAction } from "./use-console-action";
import { useConsoleText } from "./use-console-text";

const FIELDS = ["role", "reason"] as const;

/**
 * Change one operator's role, or disable / enable it, with a reason. A refusal of the services
 * marks the field it names (else shows under the row) and keeps what was typed.
 */
export function OperatorRowActions({ lang, id, email, role, status }: { lang: string; id: string; email: string; role: OperatorRole; status: "active" | "disabled" }) {
  const t = useTranslations("console.operators");
  const text = useConsoleText();
  const router = useRouter();
  const base = useId();
  const form = useForm<OperatorChangeInput>({ resolver: formResolver(operatorChangeSchema), defaultValues: { role, reason: "" } });
  const next = useWatch({ control: form.control, name: "role" });
  const action = useConsoleAction();
  const errorOf = (field: (typeof FIELDS)[number]) => text.field(form.formState.errors[field]?.message) ?? action.errorFor(field);

  const send = (change: (values: OperatorChangeInput) => { role?: OperatorRole; status?: "active" | "disabled" }) =>
    form.handleSubmit((values) =>
      action.run(
        () => updateOperatorAction({ id, ...change(values), reason: values.reason }, lang),
        (changed) => {
          form.reset({ role: changed.role, reason: "" });
          router.refresh();
        },
      ),
    );
  const changeRole = send((values) => ({ role: values.role }));
  const toggle = send(() => ({ status: status === "active" ? "disabled" : "active" }));

  const roleError = errorOf("role");
  const reasonError = errorOf("reason");
  const formError = action.formError(FIELDS);
  return (
    <form method="post" noValidate onSubmit={(event) => void changeRole(event)} className="flex flex-wrap items-end gap-2">
      <label htmlFor={`${base}-role`} className="sr-only">
        {t("roleOf", { email })}
      </label>
      <select
        id={`${base}-role`}
        aria-invalid={roleError ? true : undefined}
        aria-describedby={roleError ? `${base}-role-error` : undefined}
        className="h-9 rounded border border-gray-300 bg-white px-2 text-sm"
        {...form.register("role")}
      >
        {OPERATOR_ROLES.map((value) => (
          <option key={value} value={value}>
            {t(`roles.${value}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${base}-reason`} className="sr-only">
        {t("reasonFor", { email })}
      </label>
      <input
        id={`${base}-reason`}
        placeholder={t("reason")}
        autoComplete="off"
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${base}-reason-error` : undefined}
        className={`h-9 min-w-0 rounded border px-2 text-sm ${reasonError ? "border-danger" : "border-gray-300"}`}
        {...form.register("reason")}
      />
      <Button type="submit" variant="secondary" pending={action.pending} disabled={next === role}>
        {t("changeRole")}
      </Button>
      <Button type="button" variant={status === "active" ? "danger" : "secondary"} pending={action.pending} onClick={() => void toggle()}>
        {status === "active" ? t("disable") : t("enable")}
      </Button>
      {roleError ? (
        <p id={`${base}-role-error`} role="alert" className="w-full text-xs text-danger">
          {roleError}
        </p>
      ) : null}
      {reasonError ? (
        <p id={`${base}-reason-error`} role="alert" className="w-full text-xs text-danger">
          {reasonError}
        </p>
      ) : null}
      {formError ? (
        <p role="alert" className="w-full text-xs text-danger">
          {formError}
        </p>
      ) : null}
    </form>
  );
}
