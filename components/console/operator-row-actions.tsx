"use client";

import { useId, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { updateOperatorAction } from "@/lib/actions/console/operators";
import { OPERATOR_ROLES, type OperatorRole } from "@/lib/contract/console/roles";
import { reasonSchema } from "@/lib/validation/console";
import { callAction } from "@/components/auth/use-error-text";
import { Button } from "@/components/ui/button";
import { useConsoleText } from "./use-console-text";

/** Change one operator's role, or disable / enable it, with a reason. */
export function OperatorRowActions({ lang, id, email, role, status }: { lang: string; id: string; email: string; role: OperatorRole; status: "active" | "disabled" }) {
  const t = useTranslations("console.operators");
  const text = useConsoleText();
  const router = useRouter();
  const base = useId();
  const [next, setNext] = useState<OperatorRole>(role);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function run(change: { role?: OperatorRole; status?: "active" | "disabled" }) {
    const checked = reasonSchema.safeParse({ reason });
    if (!checked.success) return setError(text.field(checked.error.issues[0]?.message) ?? null);
    setPending(true);
    const result = await callAction(() => updateOperatorAction({ id, ...change, reason }, lang));
    setPending(false);
    if (!result.ok) return setError(text.action(result.error));
    setError(null);
    setReason("");
    router.refresh();
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <label htmlFor={`${base}-role`} className="sr-only">
        {t("roleOf", { email })}
      </label>
      <select id={`${base}-role`} value={next} onChange={(event) => setNext(event.target.value as OperatorRole)} className="h-9 rounded border border-gray-300 bg-white px-2 text-sm">
        {OPERATOR_ROLES.map((value) => (
          <option key={value} value={value}>
            {t(`roles.${value}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${base}-reason`} className="sr-only">
        {t("reasonFor", { email })}
      </label>
      <input id={`${base}-reason`} value={reason} onChange={(event) => setReason(event.target.value)} placeholder={t("reason")} className="h-9 min-w-0 rounded border border-gray-300 px-2 text-sm" />
      <Button type="button" variant="secondary" pending={pending} disabled={next === role} onClick={() => void run({ role: next })}>
        {t("changeRole")}
      </Button>
      <Button type="button" variant={status === "active" ? "danger" : "secondary"} pending={pending} onClick={() => void run({ status: status === "active" ? "disabled" : "active" })}>
        {status === "active" ? t("disable") : t("enable")}
      </Button>
      {error ? (
        <p role="alert" className="w-full text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
