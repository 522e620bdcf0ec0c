"use client";

import useSWR from "swr";
import { useTranslations } from "next-intl";
import { isActiveBulkStatus } from "@/lib/contract/console/bulk-options";
import type { BulkJob } from "@/lib/contract/console/bulk";
import type { Locale } from "@/lib/i18n/routing";
import { cancelBulkJobAction } from "@/lib/actions/console/bulk";
import { callAction } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { ConfirmWithReason } from "./confirm-with-reason";
import { useConsoleText } from "./use-console-text";

/** Polled every POLL_MS while a job is queued or running, then no more. */
const POLL_MS = 1500;
export const bulkJobsKey = (lang: Locale) => `/api/console/bulk-jobs?lang=${lang}`;

async function fetchJobs(url: string): Promise<BulkJob[]> {
  const response = await fetch(url, { cache: "no-store" });
  if (!response.ok) throw new Error(`bulk jobs: ${response.status}`);
  return ((await response.json()) as { jobs: BulkJob[] }).jobs;
}

/** The bulk jobs, newest first: progress, status, counts, reason and operator; a running or queued one can be cancelled. */
export function BulkJobsPanel({ lang, initial }: { lang: Locale; initial: BulkJob[] }) {
  const t = useTranslations("console.bulk");
  const text = useConsoleText();
  const { data, error, mutate } = useSWR(bulkJobsKey(lang), fetchJobs, {
    fallbackData: initial,
    refreshInterval: (jobs) => (jobs?.some((job) => isActiveBulkStatus(job.status)) ? POLL_MS : 0),
  });
  const jobs = data ?? initial;

  async function cancel(id: string, reason: string): Promise<string | null> {
    const result = await callAction(() => cancelBulkJobAction(lang, id, reason));
    // an ended session: callAction is on its way to the sign-in page
    if (!result.ok) return result.error.redirect ? null : text.action(result.error);
    await mutate();
    return null;
  }

  return (
    <section aria-labelledby="bulk-jobs-title" className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="bulk-jobs-title" className="text-lg font-semibold text-gray-900">
        {t("jobs")}
      </h2>
      {error ? <Alert tone="error">{t("loadFailed")}</Alert> : null}
      {jobs.length === 0 ? <p className="text-sm text-muted">{t("noJobs")}</p> : null}
      <ul className="flex flex-col gap-3">
        {jobs.map((job) => {
          const handled = job.done + job.failed;
          const label = t("progress", { handled, total: job.total, done: job.done, failed: job.failed });
          return (
            <li key={job.id} aria-label={`${t(`kinds.${job.kind}`)}: ${t(`statuses.${job.status}`)}`} className="flex flex-col gap-2 rounded-lg border border-gray-100 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-gray-900">{t(`kinds.${job.kind}`)}</span>
                <span className="rounded bg-gray-100 px-2 py-0.5 text-gray-800">{t(`statuses.${job.status}`)}</span>
              </div>
              <progress className="h-2 w-full accent-primary-strong" max={Math.max(job.total, 1)} value={handled} aria-label={label} />
              <p className="text-gray-700">{label}</p>
              <p className="break-words text-gray-700">{t("reasonShown", { reason: job.reason })}</p>
              <p className="break-all text-muted">
                {t("by", { operator: job.operator })} · {new Date(job.createdAt).toISOString().replace("T", " ").slice(0, 19)} UTC
              </p>
              {isActiveBulkStatus(job.status) ? (
                <div>
                  <ConfirmWithReason
                    label={t("cancel")}
                    title={t("cancelTitle", { kind: t(`kinds.${job.kind}`), total: job.total })}
                    consequence={t("cancelConsequence")}
                    confirmLabel={t("cancelConfirm")}
                    defaultReason=""
                    disabled={false}
                    onConfirm={(reason) => cancel(job.id, reason)}
                  />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
