"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import type { NewBatch } from "@/lib/contract/console/screens";
import { codeBatchSchema, type BatchInput } from "@/lib/validation/console-forms";
import { formResolver } from "@/lib/validation/form-resolver";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useConsoleAction } from "./use-console-action";
import type { ActionResult } from "@/lib/session/action-result";

const FIELDS = ["benefitEn", "benefitZh", "count", "benefitDays", "validUntil", "reason"] as const;
const EMPTY: BatchInput = { benefitEn: "", benefitZh: "", count: "100", benefitDays: "365", validUntil: "", reason: "" };

/**
 * A new batch of codes. The codes never appear on screen: the answer is a one-time download,
 * which works once within 15 minutes. It is a POST of the token to `downloadUrl` (a form, so
 * the token never stands in an address, a history entry or a log), answered with the CSV as
 * an attachment: the page stays.
 */
export function CodeBatchForm({ onCreate, downloadUrl }: { onCreate: (input: BatchInput) => Promise<ActionResult<{ data: NewBatch }>>; downloadUrl: string }) {
  const t = useTranslations("console.codes");
  const common = useTranslations("console.common");
  const form = useForm<BatchInput>({ resolver: formResolver(codeBatchSchema), defaultValues: EMPTY });
  const [batch, setBatch] = useState<NewBatch | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const action = useConsoleAction();
  const router = useRouter();
  const locale = useLocale();
  const submit = form.handleSubmit((input) =>
    action.run(
      () => onCreate(input),
      (data) => {
        setBatch(data);
        router.refresh();
        setDownloaded(false);
        form.reset(EMPTY);
      },
    ),
  );
  return (
    <section aria-labelledby="code-batch-create" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="code-batch-create" className="text-lg font-semibold text-gray-900">
        {t("createTitle")}
      </h2>
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => void submit(event)}
      >
        <Field label={t("benefitEn")} maxLength={100} error={action.errorFor("benefitEn")} required {...form.register("benefitEn")} />
        <Field label={t("benefitZh")} lang="zh" maxLength={100} error={action.errorFor("benefitZh")} required {...form.register("benefitZh")} />
        <Field label={t("count")} type="number" inputMode="numeric" min={1} max={10000} error={action.errorFor("count")} required {...form.register("count")} />
        <Field label={t("benefitDays")} type="number" inputMode="numeric" min={1} max={36500} error={action.errorFor("benefitDays")} required {...form.register("benefitDays")} />
        <Field label={t("validUntil")} type="date" error={action.errorFor("validUntil")} required {...form.register("validUntil")} />
        <Field label={common("reason")} hint={common("reasonHint")} maxLength={500} error={action.errorFor("reason")} required {...form.register("reason")} />
        {action.formError(FIELDS) ? <Alert tone="error" className="sm:col-span-2">{action.formError(FIELDS)}</Alert> : null}
        <div className="sm:col-span-2">
          <Button type="submit" pending={action.pending}>
            {t("create")}
          </Button>
        </div>
      </form>
      {batch ? (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-semibold">{t("createdTitle", { count: batch.size })}</p>
          <p>{t("downloadNote")}</p>
          {downloaded ? null : (
            <form
              method="post"
              action={downloadUrl}
              // The button goes once the browser has sent the form: hiding it in the submit
              // event itself unmounts the form before the browser submits, and a form that is
              // no longer in the document is never sent (the download then never starts).
              onSubmit={() => window.setTimeout(() => setDownloaded(true), 0)}
            >
              <input type="hidden" name="token" value={batch.downloadToken} />
              <input type="hidden" name="lang" value={locale} />
              <Button type="submit">{t("download")}</Button>
            </form>
          )}
        </div>
      ) : null}
    </section>
  );
}
