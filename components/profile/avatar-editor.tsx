"use client";

import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from "@/lib/contract/profile-rules";
import { avatarFileError } from "@/lib/validation/profile";
import type { PageRef } from "@/lib/session/action-result";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { AvatarImage } from "./avatar-image";
import { NoticeAlert, NoticeStatus, useNotice } from "./page-notice";
import { decodesAsImage } from "./decode-image";
import { uploadAvatar } from "./upload-avatar";
import { useViewReload } from "@/components/account/account-view";

type Chosen = { file: File; preview: string };
type Phase = "idle" | "chosen" | "uploading";

/**
 * The avatar: choose an image → see it → save it, with upload progress. Type and size are
 * checked here first for a quick answer; the services check the content and have the last word.
 * A refused or failed upload leaves the current avatar as it was.
 */
export function AvatarEditor({ page, src: savedSrc, initial, children }: { page: PageRef; src: string | null; initial: string; children: ReactNode }) {
  const t = useTranslations("profile.avatar");
  const text = useErrorText();
  const reload = useViewReload();
  const hydrated = useHydrated();
  const [src, setSrc] = useState(savedSrc);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [previewBroken, setPreviewBroken] = useState(false);
  const [phase, setPhase] = useState<Phase>("idle");
  const [progress, setProgress] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const notices = useNotice(id);
  const upload = useRef<AbortController | null>(null);
  const focusNext = useRef<"change" | "save" | "abort" | null>(null);

  // Focus follows the buttons that replace each other, so keyboard users never land on the page body.
  // A frame later, because closing the system's file chooser hands focus back to the page first.
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (!target) return;
    const frame = requestAnimationFrame(() => document.getElementById(`${id}-${target}`)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [phase, id]);
  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => (chosen ? () => URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  /** Back to the current avatar; a refused or saved upload says so as the page's notice. */
  function reset(next: { error?: string; saved?: boolean } = {}) {
    setChosen(null);
    setPreviewBroken(false);
    setProgress(0);
    if (next.error) notices.error(next.error);
    else if (next.saved) notices.success(t("saved"));
    else notices.clear();
    focusNext.current = "change";
    setPhase("idle");
  }

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const refused = avatarFileError(file);
    if (refused !== null) return reset({ error: text.action({ code: refused }) });
    // only an image the browser can show is offered for saving
    if (!(await decodesAsImage(file))) return reset({ error: t("unreadable") });
    notices.clear();
    setPreviewBroken(false);
    setChosen({ file, preview: URL.createObjectURL(file) });
    focusNext.current = "save";
    setPhase("chosen");
  }

  async function onSave() {
    if (!chosen) return;
    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    focusNext.current = "abort";
    setPhase("uploading");
    const result = await callAction(() => uploadAvatar(chosen.file, page, { onProgress: setProgress, signal: controller.signal }));
    upload.current = null;
    if (result === null) return reset();
    if (!result.ok) return reset({ error: text.action(result.error) });
    setSrc(result.headpic);
    reset({ saved: true });
    reload();
  }

  const preview = chosen && !previewBroken ? chosen.preview : null;
  return (
    <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
      <div className="relative">
        {chosen ? (
          <AvatarImage src={preview} alt={t("previewAlt")} initial="?" onError={() => setPreviewBroken(true)} className="ring-2 ring-primary ring-offset-2" />
        ) : (
          <AvatarImage src={src} alt={t("alt")} initial={initial} />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col items-center gap-3 text-center sm:items-start sm:text-left">
        <div className="w-full min-w-0">{children}</div>
        <input ref={input} type="file" accept={AVATAR_TYPES.join(",")} onChange={(event) => void onPick(event)} className="hidden" tabIndex={-1} aria-hidden />
        {phase === "idle" ? (
          <Button id={`${id}-change`} type="button" variant="secondary" className="h-9" disabled={!hydrated} onClick={() => input.current?.click()}>
            {t("change")}
          </Button>
        ) : null}
        {phase === "chosen" ? (
          <div className="flex flex-col items-center gap-2 sm:items-start">
            <p className="text-xs text-muted">{t("previewNote")}</p>
            <div className="flex gap-2">
              <Button id={`${id}-save`} type="button" className="h-9" onClick={onSave}>
                {t("upload")}
              </Button>
              <Button type="button" variant="secondary" className="h-9" onClick={() => reset()}>
                {t("cancel")}
              </Button>
            </div>
          </div>
        ) : null}
        {phase === "uploading" ? (
          <div className="flex w-full max-w-xs flex-col gap-2">
            <div
              role="progressbar"
              aria-label={t("progress")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
            >
              <div className="h-full rounded-full bg-primary transition-[width] duration-150" style={{ width: `${progress}%` }} />
            </div>
            <div className="flex items-center justify-between gap-3">
              <p className="text-xs tabular-nums text-muted">{t("uploading", { percent: progress })}</p>
              <Button id={`${id}-abort`} type="button" variant="ghost" className="h-7 px-1 text-xs" onClick={() => upload.current?.abort()}>
                {t("cancel")}
              </Button>
            </div>
          </div>
        ) : null}
        <p className="text-xs text-muted">{t("hint", { size: AVATAR_MAX_BYTES / (1024 * 1024) })}</p>
        <NoticeAlert notice={notices.notice} />
        <NoticeStatus notice={notices.notice} className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-green-900 empty:hidden" />
      </div>
    </div>
  );
}
