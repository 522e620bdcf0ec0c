"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslations } from "next-intl";
import { useSWRConfig } from "swr";
import { DESTRUCTIVE_BULK_KINDS, BULK_KINDS, type BulkKind } from "@/lib/contract/console/bulk-options";
import type { BulkPreview, BulkSelectionInput } from "@/lib/contract/console/bulk";
import { MESSAGE_CATEGORIES, MESSAGE_CONTENT_MAX, MESSAGE_NAME_MAX } from "@/lib/contract/message-rules";

import type { Locale } from "@/lib/i18n/routing";
import { createBulkJobAction, previewBulkAction } from "@/lib/actions/console/bulk";
import { callAction } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { BilingualTexts, EMPTY_TEXTS, type Bilingual } from "./bilingual-texts";
import { bulkJobsKey } from "./bulk-jobs-panel";
import { ConfirmWithReason } from "./confirm-with-reason";
import { useConsoleText } from "./use-console-text";
import { useConsoleAction } from "./use-console-action";

type MessageFields = { appCode: string; category: string; texts: Bilingual };
const SAFE_KINDS = BULK_KINDS.filter((kind) => !DESTRUCTIVE_BULK_KINDS.includes(kind));

/**
 * Choose a bulk action for the selection, preview it (how many accounts, the first ones, the
 * console's limit), then confirm it in a dialog that names the count and takes the reason. The
 * destructive kinds stand apart, in red. A message uses the message composer's fields and rules
 * (the services check them as they check the composer's).
 */
export function BulkActions({ lang, selection, selectedCount, onStarted }: { lang: Locale; selection: BulkSelectionInput | null; selectedCount: number; onStarted: () => void }) {
  const t = useTranslations("console.bulk");
  const tm = useTranslations("console.messages");
  const text = useConsoleText();
  const { mutate } = useSWRConfig();
  const [kind, setKind] = useState<BulkKind | null>(null);
  const [preview, setPreview] = useState<BulkPreview | null>(null);
  const [started, setStarted] = useState<number | null>(null);
  const action = useConsoleAction();
  const form = useForm<MessageFields>({ defaultValues: { appCode: "passport", category: "system", texts: EMPTY_TEXTS } });
  const texts = useWatch({ control: form.control, name: "texts" });
  const select = "h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong";

  // after a start the selection is cleared: the notice stays until the next selection
  if (!selection) return started !== null ? <Alert tone="success">{t("started", { count: started })}</Alert> : null;
  const current = selection;

  function choose(next: BulkKind) {
    setKind(next);
    setPreview(null);
    setStarted(null);
    action.clear();
  }
  function runPreview() {
    setStarted(null);
    action.run(() => previewBulkAction(lang, current), setPreview);
  }
  async function start(reason: string): Promise<string | null> {
    if (!kind) return null;
    const fields = form.getValues();
    const message = kind === "message" ? { appCode: fields.appCode, category: fields.category, texts: fields.texts } : undefined;
    const result = await callAction(() => createBulkJobAction(lang, { kind, selection: current, reason, message }));
    // an ended session: callAction is on its way to the sign-in page
    if (!result.ok) return result.error.redirect ? null : text.action(result.error);
    setStarted(result.data.total);
    setPreview(null);
    setKind(null);
    onStarted();
    await mutate(bulkJobsKey(lang));
    return null;
  }

  const kindButton = (item: BulkKind, destructive: boolean) => (
    <Button key={item} type="button" aria-pressed={kind === item} onClick={() => choose(item)} className={destructive ? "border-danger text-danger aria-pressed:bg-red-50" : "aria-pressed:bg-gray-100"}>
      {t(`kinds.${item}`)}
    </Button>
  );
  const refusal = action.formError([]);
  return (
    <section aria-labelledby="bulk-title" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="bulk-title" className="text-lg font-semibold text-gray-900">
        {t("title")}
      </h2>
      <div className="flex flex-col gap-4 sm:flex-row sm:justify-between">
        <div role="group" aria-label={t("safeActions")} className="flex flex-wrap gap-2">
          {SAFE_KINDS.map((item) => kindButton(item, false))}
        </div>
        <div role="group" aria-label={t("destructiveActions")} className="flex flex-wrap gap-2 border-t border-red-200 pt-4 sm:border-l sm:border-t-0 sm:pl-4 sm:pt-0">
          {DESTRUCTIVE_BULK_KINDS.map((item) => kindButton(item, true))}
        </div>
      </div>
      {kind === "message" ? (
        <div className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={tm("appCode")} maxLength={64} error={action.errorFor("appCode")} required {...form.register("appCode")} />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="bulk-category" className="text-sm font-medium text-gray-800">
                {tm("category")}
              </label>
              <select id="bulk-category" className={select} {...form.register("category")}>
                {MESSAGE_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {tm(`categories.${category}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <BilingualTexts value={texts} onChange={(next) => form.setValue("texts", next, { shouldDirty: true })} labels={{ title: tm("name"), body: tm("content") }} limits={{ title: MESSAGE_NAME_MAX, body: MESSAGE_CONTENT_MAX }} error={action.errorFor("texts")} />
        </div>
      ) : null}
      {kind ? (
        <Button type="button" variant="secondary" className="w-fit" pending={action.pending} onClick={runPreview}>
          {t("preview")}
        </Button>
      ) : null}
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      {started !== null ? <Alert tone="success">{t("started", { count: started })}</Alert> : null}
      {kind && preview ? (
        <div className="flex flex-col gap-3" aria-live="polite">
          <p id="bulk-preview-count" className="text-sm font-medium text-gray-800">{t("previewCount", { count: preview.count })}</p>
          <ul aria-labelledby="bulk-preview-count" className="list-disc break-all pl-6 text-sm text-gray-700">
            {preview.first.map((email) => (
              <li key={email}>{email}</li>
            ))}
          </ul>
          {preview.count > preview.first.length ? <p className="text-sm text-muted">{t("previewMore", { count: preview.count - preview.first.length })}</p> : null}
          {preview.overLimit ? (
            <Alert tone="error">{t("limit", { limit: preview.limit, count: preview.count })}</Alert>
          ) : (
            <ConfirmWithReason
              label={t("start")}
              title={t("confirmTitle", { kind: t(`kinds.${kind}`), count: preview.count || selectedCount })}
              consequence={t(`consequences.${kind}`)}
              confirmLabel={t("confirm")}
              defaultReason=""
              disabled={false}
              tone={DESTRUCTIVE_BULK_KINDS.includes(kind) ? "danger" : "primary"}
              onConfirm={start}
            />
          )}
        </div>
      ) : null}
    </section>
  );
}
