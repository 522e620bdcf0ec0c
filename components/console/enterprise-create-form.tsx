"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { CreatedEnterprise, ConsoleResult } from "@/lib/contract/console/screens";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { OneTimeSecret } from "./one-time-secret";
import { useConsoleAction } from "./use-console-action";

export type EnterpriseInput = { account: string; name: string; email: string; reason: string };
const FIELDS = ["account", "name", "email", "reason"] as const;

/** A new enterprise and its first user; the default password is shown here once, then gone. */
export function EnterpriseCreateForm({ onCreate }: { onCreate: (input: EnterpriseInput) => Promise<ConsoleResult<CreatedEnterprise>> }) {
  const t = useTranslations("console.enterprises");
  const common = useTranslations("console.common");
  const [input, setInput] = useState<EnterpriseInput>({ account: "", name: "", email: "", reason: "" });
  const [created, setCreated] = useState<CreatedEnterprise | null>(null);
  const action = useConsoleAction();
  // the list below is read on the server: read it again with the new enterprise
  const router = useRouter();
  const set = (field: keyof EnterpriseInput) => (event: { target: { value: string } }) => setInput((old) => ({ ...old, [field]: event.target.value }));
  return (
    <section aria-labelledby="enterprise-create" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="enterprise-create" className="text-lg font-semibold text-gray-900">
        {t("createTitle")}
      </h2>
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          action.run(
            () => onCreate(input),
            (data) => {
              setCreated(data);
              router.refresh();
              setInput({ account: "", name: "", email: "", reason: "" });
            },
          );
        }}
      >
        <Field label={t("account")} name="account" value={input.account} onChange={set("account")} maxLength={64} autoComplete="off" error={action.errorFor("account")} required />
        <Field label={t("name")} name="name" value={input.name} onChange={set("name")} maxLength={200} error={action.errorFor("name")} required />
        <Field label={t("email")} name="email" type="email" value={input.email} onChange={set("email")} maxLength={254} autoComplete="off" error={action.errorFor("email")} required />
        <Field label={common("reason")} name="reason" hint={common("reasonHint")} value={input.reason} onChange={set("reason")} maxLength={500} error={action.errorFor("reason")} required />
        {action.formError(FIELDS) ? <Alert tone="error" className="sm:col-span-2">{action.formError(FIELDS)}</Alert> : null}
        <div className="sm:col-span-2">
          <Button type="submit" pending={action.pending}>
            {t("create")}
          </Button>
        </div>
      </form>
      {created ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-gray-900">{t("createdTitle", { account: created.account })}</h3>
          <OneTimeSecret label={t("passwordOnce", { email: created.email })} secret={created.password} />
        </div>
      ) : null}
    </section>
  );
}
