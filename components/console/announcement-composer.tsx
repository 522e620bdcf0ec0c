"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TITLE_MAX } from "@/lib/contract/message-rules";
import type { AnnouncementItem } from "@/lib/contract/console/screens";
import { announcementSchema, type AnnouncementInput } from "@/lib/validation/console-forms";
import { formResolver } from "@/lib/validation/form-resolver";
import { AnnouncementView, type AnnouncementLabels } from "@/components/announcements/announcement-view";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { BilingualTexts, EMPTY_TEXTS } from "./bilingual-texts";
import { useConsoleAction } from "./use-console-action";
import type { ActionResult } from "@/lib/session/action-result";

const EMPTY: AnnouncementInput = { texts: EMPTY_TEXTS, until: "", reason: "" };
const FIELDS = ["texts", "until", "reason"] as const;
const PREVIEW_TIME = "2026-01-01T00:00:00.000Z";

/**
 * Compose an announcement in both languages beside a preview drawn by the announcement page's
 * own component; `pageLabels` are that page's texts in each language (the page passes them).
 */
export function AnnouncementComposer({
  pageLabels,
  onPublish,
  onPublished,
}: {
  pageLabels: Record<"en" | "zh", AnnouncementLabels>;
  onPublish: (input: AnnouncementInput) => Promise<ActionResult<{ data: AnnouncementItem }>>;
  onPublished?: (item: AnnouncementItem) => void;
}) {
  const t = useTranslations("console.messages");
  const common = useTranslations("console.common");
  const form = useForm<AnnouncementInput>({ resolver: formResolver(announcementSchema), defaultValues: EMPTY });
  // the preview follows what is typed
  const [texts, until] = useWatch({ control: form.control, name: ["texts", "until"] });
  const [done, setDone] = useState(false);
  const action = useConsoleAction();
  const router = useRouter();
  const untilIso = /^\d{4}-\d{2}-\d{2}$/.test(until) ? `${until}T23:59:59.000Z` : null;
  const submit = form.handleSubmit((input) => {
    setDone(false);
    action.run(
      () => onPublish(input),
      (item) => {
        setDone(true);
        router.refresh();
        form.reset(EMPTY);
        onPublished?.(item);
      },
    );
  });
  return (
    <section aria-labelledby="announcement-compose" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="announcement-compose" className="text-lg font-semibold text-gray-900">
        {t("announcementTitle")}
      </h2>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        {/* held by the form and followed by useWatch: no Controller, whose code every page with a form would load */}
        <BilingualTexts value={texts} onChange={(next) => form.setValue("texts", next, { shouldDirty: true })} labels={{ title: t("name"), body: t("body") }} limits={{ title: ANNOUNCEMENT_TITLE_MAX, body: ANNOUNCEMENT_BODY_MAX }} error={action.errorFor("texts")} />
        <section aria-label={`${t("preview")}: ${t("announcementTitle")}`} className="grid gap-4 md:grid-cols-2">
          {(["en", "zh"] as const).map((lang) => (
            <div key={lang} lang={lang} className="min-w-0 rounded-lg border border-dashed border-gray-300 bg-gray-50 p-3">
              <p className="mb-2 text-xs font-medium uppercase text-muted">{t("previewAnnouncement", { lang: lang === "en" ? t("english") : t("chinese") })}</p>
              <AnnouncementView
                lang={lang}
                labels={pageLabels[lang]}
                headingLevel={3}
                list={[
                  {
                    id: `preview-${lang}`,
                    title: { en: texts.en.title || t("previewEmpty"), zh: texts.zh.title || t("previewEmpty") },
                    body: { en: texts.en.body, zh: texts.zh.body },
                    publishedAt: PREVIEW_TIME,
                    expiresAt: untilIso,
                  },
                ]}
              />
            </div>
          ))}
        </section>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("until")} type="date" error={action.errorFor("until")} {...form.register("until")} />
          <Field label={common("reason")} hint={common("reasonHint")} maxLength={500} error={action.errorFor("reason")} required {...form.register("reason")} />
        </div>
        {action.formError(FIELDS) ? <Alert tone="error">{action.formError(FIELDS)}</Alert> : null}
        {done ? <Alert tone="success">{t("published")}</Alert> : null}
        <Button type="submit" className="w-fit" pending={action.pending}>
          {t("publish")}
        </Button>
      </form>
    </section>
  );
}
