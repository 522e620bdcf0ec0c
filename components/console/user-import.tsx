"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { errorMessageKey } from "@/lib/contract/errors";
import type { ImportReport } from "@/lib/contract/console/user-transfer";
import { formResolver } from "@/lib/validation/form-resolver";
import { reasonCheck, userImportSchema, type UserImportInput } from "@/lib/validation/console";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

type Answer = { ok: true; report: ImportReport } | { ok: false; code: number };

/**
 * Upload → the dry run's report (every bad row by line and problem, nothing written) → the run,
 * with its reason. The file goes to the console's upload route, which relays it to the services.
 */
export function UserImport({ uploadUrl, lang }: { uploadUrl: string; lang: string }) {
  const t = useTranslations("console.transfer");
  const te = useTranslations("errors");
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError: setFieldError, reset } = useForm<UserImportInput>({ resolver: formResolver(userImportSchema), defaultValues: { reason: "" } });

  const send = (values: UserImportInput, dryRun: boolean) => async () => {
    const body = new FormData();
    const file = values.file.item(0);
    if (file) body.set("file", file);
    body.set("dryRun", String(dryRun));
    body.set("reason", values.reason.trim());
    body.set("lang", lang);
    setError(null);
    const answer = (await fetch(uploadUrl, { method: "POST", body }).then((response) => response.json()).catch(() => ({ ok: false, code: 1002 }))) as Answer;
    if (!answer.ok) {
      setError(te(errorMessageKey(answer.code), { seconds: 60 }));
      return;
    }
    setReport(answer.report);
    if (!dryRun) reset({ reason: "" }, { keepValues: false });
  };
  const check = handleSubmit((values) => send(values, true)());
  const run = handleSubmit((values) => {
    if (!reasonCheck(values.reason).ok) {
      setFieldError("reason", { message: "reasonRequired" });
      return;
    }
    return send(values, false)();
  });
  const fileError = formState.errors.file?.message;
  const reasonError = formState.errors.reason?.message;
  const canRun = report?.dryRun === true && report.imported > 0;
  return (
    <form noValidate className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4" onSubmit={check}>
      <Field label={t("file")} hint={t("fileHint")} type="file" accept=".csv,.json,text/csv,application/json" error={fileError ? t("fileRequired") : undefined} required {...register("file", { onChange: () => setReport(null) })} />
      <div>
        <Button type="submit" variant="secondary" pending={formState.isSubmitting}>
          {t("check")}
        </Button>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {report ? <ImportReportView report={report} /> : null}
      {canRun ? (
        <>
          <Field label={t("reason")} hint={t("reasonHint")} maxLength={500} error={reasonError ? t("reasonRequired") : undefined} required {...register("reason")} />
          <div>
            <Button type="button" pending={formState.isSubmitting} onClick={run}>
              {t("run", { count: report.imported })}
            </Button>
          </div>
        </>
      ) : null}
    </form>
  );
}

function ImportReportView({ report }: { report: ImportReport }) {
  const t = useTranslations("console.transfer");
  const issues = [...report.bad, ...report.skipped].sort((a, b) => a.line - b.line);
  return (
    <section aria-labelledby="import-report" className="flex flex-col gap-3">
      <h2 id="import-report" className="text-lg font-semibold text-gray-900">
        {report.dryRun ? t("dryRunTitle") : t("doneTitle")}
      </h2>
      <p role="status" className="text-sm text-gray-800">
        {t(report.dryRun ? "dryRunSummary" : "doneSummary", { imported: report.imported, rows: report.rows, skipped: report.skipped.length, bad: report.bad.length })}
      </p>
      {issues.length > 0 ? (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("issuesCaption")}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-3">{t("line")}</th>
              <th scope="col" className="py-1 pr-3">{t("email")}</th>
              <th scope="col" className="py-1">{t("problem")}</th>
            </tr>
          </thead>
          <tbody>
            {issues.map((issue) => (
              <tr key={`${issue.line}-${issue.problem}`} className="border-t border-gray-100">
                <td className="py-1 pr-3">{issue.line}</td>
                <td className="break-all py-1 pr-3">{issue.email}</td>
                <td className="py-1">{t(`problems.${issue.problem}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
