"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocale, useTranslations } from "next-intl";
import type { CodeInfo, CodeStatus } from "@/lib/contract/console/screens";
import { codeLookupSchema, type CodeLookupInput } from "@/lib/validation/console-forms";
import { formResolver } from "@/lib/validation/form-resolver";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { ReasonConfirm } from "./reason-confirm";
import { lastDay } from "./dates";
import { useConsoleAction } from "./use-console-action";
import type { ActionResult } from "@/lib/session/action-result";

type Revoked = { revoked: boolean; status: CodeStatus };

/** Look a code up (its batch, state, who redeemed it) and, for an admin, revoke an unused one. */
export function CodeLookup({
  canRevoke,
  onLookup,
  onRevoke,
}: {
  canRevoke: boolean;
  onLookup: (code: string) => Promise<ActionResult<{ data: CodeInfo }>>;
  onRevoke: (code: string, reason: string) => Promise<ActionResult<{ data: Revoked }>>;
}) {
  const t = useTranslations("console.codes");
  const locale = useLocale();
  const form = useForm<CodeLookupInput>({ resolver: formResolver(codeLookupSchema), defaultValues: { code: "" } });
  const [found, setFound] = useState<{ code: string; info: CodeInfo } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const action = useConsoleAction();
  const submit = form.handleSubmit(({ code }) => {
    setNotice(null);
    action.run(
      () => onLookup(code),
      (info) => setFound({ code, info }),
    );
  });
  return (
    <section aria-labelledby="code-lookup" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="code-lookup" className="text-lg font-semibold text-gray-900">
        {t("lookupTitle")}
      </h2>
      <form
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => void submit(event)}
      >
        <Field className="min-w-0 flex-1" label={t("code")} maxLength={40} autoComplete="off" spellCheck={false} error={action.errorFor("code")} required {...form.register("code")} />
        <Button type="submit" variant="secondary" pending={action.pending}>
          {t("lookup")}
        </Button>
      </form>
      {action.formError(["code"]) ? <Alert tone="error">{action.formError(["code"])}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {found ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{t("benefit")}</dt>
          <dd>{locale === "zh" ? found.info.benefitZh : found.info.benefitEn}</dd>
          <dt className="text-muted">{t("validity")}</dt>
          <dd className="tabular-nums">{lastDay(found.info.validUntil)}</dd>
          <dt className="text-muted">{t("redeemedBy")}</dt>
          <dd className="break-all">{found.info.redeemedAt ? (found.info.redeemedBy ?? t("deletedAccount")) : "—"}</dd>
          <dt className="text-muted">{t("status")}</dt>
          <dd data-testid="code-status">{t(`statuses.${found.info.status}`)}</dd>
        </dl>
      ) : null}
      {found && canRevoke && (found.info.status === "unused" || found.info.status === "expired") ? (
        <ReasonConfirm
          trigger={
            <Button type="button" variant="danger" className="w-fit">
              {t("revoke")}
            </Button>
          }
          title={t("revokeTitle")}
          consequence={t("revokeConsequence")}
          confirmLabel={t("revoke")}
          onConfirm={(reason) => onRevoke(found.code, reason)}
          onDone={(result) => {
            setFound({ ...found, info: { ...found.info, status: result.status } });
            setNotice(result.revoked ? t("revoked") : t("notRevoked", { status: t(`statuses.${result.status}`) }));
          }}
        />
      ) : null}
    </section>
  );
}
