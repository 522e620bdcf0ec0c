"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { TrainingCourse } from "@/lib/validation/training";
import { completeTrainingAction, startTrainingAction } from "@/lib/actions/training";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { CertificateDialog } from "./certificate-dialog";
import { CourseSteps } from "./course-steps";
import type { TrainingPageRef } from "./page-ref";

export type CourseState = { certId: string | null; finishedAt: string | null };
type Props = { page: TrainingPageRef; course: TrainingCourse; initial: CourseState };

/**
 * One pre-use course: its state, the training itself (started on the services, which issue the
 * certificate id), and the certificate process. Completing it shows the certificate id.
 */
export function CourseCard({ page, course, initial }: Props) {
  const t = useTranslations("training");
  const text = useErrorText();
  const [state, setState] = useState<CourseState>(initial);
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const [notice, setNotice] = useState<{ tone: "error" | "success" | "warning"; text: string }[]>([]);
  const finished = state.finishedAt !== null;

  async function start() {
    setStarting(true);
    setNotice([]);
    const result = await callAction(() => startTrainingAction({ course }, page));
    setStarting(false);
    if (!result.ok) {
      setNotice([{ tone: "error", text: text.action(result.error) }]);
      return;
    }
    setState((current) => ({ ...current, certId: result.certId }));
    setOpen(true);
  }

  async function complete(): Promise<string | null> {
    if (!state.certId) return text.action({ code: 10001 });
    const result = await callAction(() => completeTrainingAction({ certId: state.certId ?? "" }, page));
    if (!result.ok) return text.action(result.error);
    setState({ certId: result.certId, finishedAt: result.completedAt });
    setOpen(false);
    const lines: typeof notice = [{ tone: "success", text: t("preUse.completed", { certId: result.certId }) }];
    if (result.xcs.status === "failed") lines.push({ tone: "warning", text: t("xcsFailed") });
    setNotice(lines);
    return null;
  }

  return (
    <article aria-labelledby={`course-${course}`} className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id={`course-${course}`} className="font-semibold text-gray-900">
            {t(`preUse.course.${course}`)}
          </h3>
          <p className={finished ? "text-sm text-primary-strong" : "text-sm text-muted"}>
            {finished ? t("preUse.finished", { date: (state.finishedAt ?? "").slice(0, 10) }) : t("preUse.notStarted")}
          </p>
          {finished && state.certId ? <p className="text-sm text-gray-800">{t("preUse.certId", { certId: state.certId })}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {!finished && !open ? (
            <Button className="h-9" onClick={start} pending={starting}>
              {state.certId ? t("preUse.continue") : t("preUse.start")}
            </Button>
          ) : null}
          <CertificateDialog page={page} certId={state.certId} finished={finished} />
        </div>
      </div>
      {notice.map((line) => (
        <Alert key={line.text} tone={line.tone}>
          {line.text}
        </Alert>
      ))}
      {open && !finished ? <CourseSteps course={course} onComplete={complete} /> : null}
    </article>
  );
}
