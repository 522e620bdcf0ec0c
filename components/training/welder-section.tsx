"use client";

import { useRef } from "react";
import { useTranslations } from "next-intl";
import type { SnHistory, WelderState } from "@/lib/contract/safety";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useErrorText } from "@/components/auth/use-error-text";
import { SnHistoryTable } from "./sn-history";
import { SnPasswordForm } from "./sn-password-form";
import type { TrainingPageRef } from "./page-ref";
import { useWelderViewing } from "./use-welder-viewing";

/**
 * The laser welder training video with its states (not completed, in progress, completed, and
 * "watch again" once completed) and, after a full viewing, the SN password form and the history
 * of the passwords issued.
 */
export function WelderSection({ page, welder, snHistory }: { page: TrainingPageRef; welder: WelderState; snHistory: SnHistory | null }) {
  const t = useTranslations("training.welder");
  const ts = useTranslations("training.sn");
  const text = useErrorText();
  const video = useRef<HTMLVideoElement>(null);
  const { phase, notice, errorCode } = useWelderViewing(video, page, welder.completed);

  function play() {
    const element = video.current;
    if (!element) return;
    if (phase === "completed") element.currentTime = 0;
    // the button goes away while the video plays: the keyboard goes on from the video and its controls
    element.focus();
    void element.play().catch(() => undefined);
  }

  const captions = [
    { lang: "en", label: "English", src: welder.captions.en },
    { lang: "zh", label: "简体中文", src: welder.captions.zh },
  ];
  return (
    <section aria-labelledby="welder-title" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="welder-title" className="text-base font-semibold text-gray-900">
          {t("title")}
        </h2>
        <span data-testid="welder-state" className={phase === "completed" ? "rounded-full bg-green-50 px-3 py-1 text-sm text-primary-strong" : "rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-700"}>
          {t(`state.${phase}`)}
        </span>
      </div>
      <p className="text-sm text-muted">{t("intro")}</p>
      {notice ? <Alert tone="warning">{t(notice)}</Alert> : null}
      {errorCode !== null ? <Alert tone="error">{text.action({ code: errorCode })}</Alert> : null}
      <video
        ref={video}
        // the focus ring also while the focus is on its own controls (inside the element), so keyboard users see where they are
        className="aspect-video w-full max-w-2xl rounded-lg bg-black outline-primary-strong focus:outline-4 focus:outline-offset-2"
        src={welder.videoUrl}
        controls
        controlsList="nodownload noplaybackrate"
        disablePictureInPicture
        playsInline
        preload="metadata"
        crossOrigin="anonymous"
        aria-label={t("videoLabel")}
      >
        {captions.map((track) =>
          track.src ? <track key={track.lang} kind="captions" srcLang={track.lang} label={track.label} src={track.src} default={track.lang === page.lang} /> : null,
        )}
      </video>
      <div className="flex gap-2">
        {phase === "notCompleted" ? <Button onClick={play}>{t("play")}</Button> : null}
        {phase === "completed" ? (
          <Button variant="secondary" onClick={play}>
            {t("watchAgain")}
          </Button>
        ) : null}
      </div>
      {phase === "completed" ? (
        <>
          <SnPasswordForm page={page} />
          <SnHistoryTable page={page} initial={snHistory} />
        </>
      ) : (
        <p className="text-sm text-muted">{ts("locked")}</p>
      )}
    </section>
  );
}
