"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { CreatedEnterprise } from "@/lib/contract/console/screens";
import { enterpriseCreateSchema, type EnterpriseInput } from "@/lib/validation/console-forms";
import { formResolver } from "@/lib/validation/form-resolver";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { OneTimeSecret } from "./one-time-secret";
import { useConsoleAction } from "./use-console-action";
import type { ActionResult } from "@/lib/session/action-result";

const FIELDS = ["account", "name", "email", "reason"] as const;
const EMPTY: EnterpriseInput = { account: "", name: "", email: "", reason: "" };

/** A new enterprise and its first user; the default password is shown here once, then gone. */
export function EnterpriseCreateForm({ onCreate }: { onCreate: (input: EnterpriseInput) => Promise<ActionResult<{ data: CreatedEnterprise }>> }) {
  const t = useTranslations("console.enterprises");
  const common = useTranslations("console.common");
  const form = useForm<EnterpriseInput>({ resolver: formResolver(enterpriseCreateSchema), defaultValues: EMPTY });
  const [created, setCreated] = useState<CreatedEnterprise | null>(null);
  const action = useConsoleAction();
  // the list below is read on the server: read it again with the new enterprise
  const router = useRouter();
  const submit = form.handleSubmit((input) =>
    action.run(
      () => onCreate(input),
      (data) => {
        setCreated(data);
        router.refresh();
        form.reset(EMPTY);
      },
    ),
  );
  return (
    <section aria-labelledby="enterprise-create" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="enterprise-create" className="text-lg font-semibold text-gray-900">
        {t("createTitle")}
      </h2>
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => void submit(event)}
      >
        <Field label={t("account")} maxLength={64} autoComplete="off" error={action.errorFor("account")} required {...form.register("account")} />
        <Field label={t("name")} maxLength={200} error={action.errorFor("name")} required {...form.register("name")} />
        <Field label={t("email")} type="email" maxLength={254} autoComplete="off" error={action.errorFor("email")} required {...form.register("email")} />
        <Field label={common("reason")} hint={common("reasonHint")} maxLength={500} error={action.errorFor("reason")} required {...form.register("reason")} />
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
