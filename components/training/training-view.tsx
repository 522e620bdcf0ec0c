"use client";

import { useTranslations } from "next-intl";
import type { PrizeInfo, SnHistory, WelderState } from "@/lib/contract/safety";
import { Alert } from "@/components/ui/alert";
import { useErrorText } from "@/components/auth/use-error-text";
import { CourseCard } from "./course-card";
import type { TrainingPageRef } from "./page-ref";
import { WelderSection } from "./welder-section";

export type Loaded<T> = { data: T; error: null } | { data: null; error: number };
type Props = { page: TrainingPageRef; prize: Loaded<PrizeInfo>; welder: Loaded<WelderState>; snHistory: SnHistory | null };

/** Safety training (SPEC §2): the pre-use courses for the user's devices, then the laser welder video. */
export function TrainingView({ page, prize, welder, snHistory }: Props) {
  const t = useTranslations("training");
  const text = useErrorText();
  const info = prize.data;
  const courses = info
    ? [
        ...(info.isHave ? [{ course: "laser" as const, certId: info.certId, finishedAt: info.finishedAt }] : []),
        ...(info.printIsHave ? [{ course: "printer" as const, certId: info.printCertId, finishedAt: info.printFinishedAt }] : []),
      ]
    : [];
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-xl font-semibold text-gray-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-muted">{t("intro")}</p>
      </div>
      <section aria-labelledby="pre-use-title" className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-5">
        <h2 id="pre-use-title" className="text-base font-semibold text-gray-900">
          {t("preUse.title")}
        </h2>
        {prize.error !== null ? <Alert tone="error">{text.action({ code: prize.error })}</Alert> : null}
        {info && courses.length === 0 ? <p className="text-sm text-muted">{t("preUse.none")}</p> : null}
        {courses.map(({ course, certId, finishedAt }) => (
          <CourseCard key={course} page={page} course={course} initial={{ certId, finishedAt }} />
        ))}
      </section>
      {welder.data ? <WelderSection page={page} welder={welder.data} snHistory={snHistory} /> : <Alert tone="error">{text.action({ code: welder.error ?? 10000 })}</Alert>}
    </div>
  );
}
