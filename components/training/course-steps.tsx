"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { TrainingCourse } from "@/lib/validation/training";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { sectionList } from "@/lib/i18n/message-list";

type Props = { course: TrainingCourse; onComplete: () => Promise<string | null> };

/**
 * The sections of a pre-use course, one at a time with its progress; the last one asks the
 * user to confirm they understood, and "Complete training" waits for that tick (as the account
 * deletion waits for its ticks), saying why beside it. `onComplete` answers an error message, or
 * null when the course is done.
 */
export function CourseSteps({ course, onComplete }: Props) {
  const t = useTranslations("training");
  const tv = useTranslations("validation");
  const sections = sectionList(t.raw(`courses.${course}`));
  const [index, setIndex] = useState(0);
  const [confirmed, setConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const confirmHintId = useId();
  // "Start training" is gone once the course opens: the keyboard goes on from the section's title, not the page body
  useEffect(() => heading.current?.focus(), []);
  const section = sections[index];
  const last = index === sections.length - 1;
  if (!section) return null;

  async function complete() {
    if (!confirmed) return;
    setBusy(true);
    setError(await onComplete());
    setBusy(false);
  }

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-gray-200 p-4">
      <div className="flex flex-col gap-2">
        <p className="text-xs font-medium text-muted">{t("preUse.progress", { current: index + 1, total: sections.length })}</p>
        <div role="progressbar" aria-valuemin={0} aria-valuemax={sections.length} aria-valuenow={index + 1} aria-label={t("preUse.progress", { current: index + 1, total: sections.length })} className="h-2 overflow-hidden rounded-full bg-gray-100">
          <div className="h-full bg-primary transition-all" style={{ width: `${((index + 1) / sections.length) * 100}%` }} />
        </div>
      </div>
      <h4 ref={heading} tabIndex={-1} className="rounded font-semibold text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-strong">
        {section.title}
      </h4>
      <ul className="list-disc space-y-1 pl-5 text-sm text-gray-800">
        {section.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
      {last ? <Checkbox label={t("preUse.confirm")} checked={confirmed} onChange={(event) => setConfirmed(event.currentTarget.checked)} /> : null}
      {last && !confirmed ? (
        <p id={confirmHintId} className="text-xs text-muted">
          {tv("trainingConfirm")}
        </p>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="flex gap-2">
        <Button variant="secondary" disabled={index === 0 || busy} onClick={() => setIndex(index - 1)}>
          {t("preUse.previous")}
        </Button>
        {last ? (
          <Button onClick={complete} pending={busy} disabled={!confirmed} aria-describedby={confirmed ? undefined : confirmHintId}>
            {t("preUse.complete")}
          </Button>
        ) : (
          <Button onClick={() => setIndex(index + 1)}>{t("preUse.next")}</Button>
        )}
      </div>
    </div>
  );
}
