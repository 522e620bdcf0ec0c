"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import type { BanItem } from "@/lib/contract/console/screens";
import { banFormSchema, type BanInput } from "@/lib/validation/console-forms";
import { formResolver } from "@/lib/validation/form-resolver";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useConsoleAction } from "./use-console-action";
import type { ActionResult } from "@/lib/session/action-result";

const FIELDS = ["network", "expiresOn", "reason"] as const;
const EMPTY: BanInput = { network: "", expiresOn: "", reason: "" };

/** Ban an address or a CIDR range, with a reason and an optional last day. */
export function BanForm({ onAdd, onAdded }: { onAdd: (input: BanInput) => Promise<ActionResult<{ data: { network: string; added: boolean } }>>; onAdded?: (ban: BanItem) => void }) {
  const t = useTranslations("console.bans");
  const common = useTranslations("console.common");
  const form = useForm<BanInput>({ resolver: formResolver(banFormSchema), defaultValues: EMPTY });
  const [notice, setNotice] = useState<string | null>(null);
  const action = useConsoleAction();
  const submit = form.handleSubmit((input) => {
    setNotice(null);
    action.run(
      () => onAdd(input),
      (result) => {
        setNotice(result.added ? t("added", { network: result.network }) : t("alreadyListed", { network: result.network }));
        if (result.added) {
          onAdded?.({ network: result.network, reason: input.reason.trim(), createdAt: new Date().toISOString(), expiresAt: input.expiresOn ? `${input.expiresOn}T23:59:59.999Z` : null, inForce: true });
        }
        form.reset(EMPTY);
      },
    );
  });
  return (
    <form noValidate aria-labelledby="ban-add" className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-3 sm:p-6" onSubmit={(event) => void submit(event)}>
      <h2 id="ban-add" className="text-lg font-semibold text-gray-900 sm:col-span-3">
        {t("add")}
      </h2>
      <Field label={t("network")} hint={t("networkHint")} maxLength={100} autoComplete="off" spellCheck={false} error={action.errorFor("network")} required {...form.register("network")} />
      <Field label={t("expiresOn")} hint={t("expiresHint")} type="date" error={action.errorFor("expiresOn")} {...form.register("expiresOn")} />
      <Field label={common("reason")} hint={common("reasonHint")} maxLength={500} error={action.errorFor("reason")} required {...form.register("reason")} />
      {action.formError(FIELDS) ? <Alert tone="error" className="sm:col-span-3">{action.formError(FIELDS)}</Alert> : null}
      {notice ? <Alert tone="success" className="sm:col-span-3">{notice}</Alert> : null}
      <div className="sm:col-span-3">
        <Button type="submit" variant="danger" pending={action.pending}>
          {t("add")}
        </Button>
      </div>
    </form>
  );
}
