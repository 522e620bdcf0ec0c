"use client";

import { useEffect, useRef, useState, type RefObject } from "react";
import { finishViewingAction, reportProgressAction, startViewingAction } from "@/lib/actions/training";
import { callAction } from "@/components/auth/use-error-text";
import type { TrainingPageRef } from "./page-ref";

/**
 * The welder video's rules in the browser (the server checks them again, see
 * lib/backend/services/welder.ts): the first time, it cannot be skipped forward or sped up;
 * its progress is reported to the server as it plays; at the end the server finishes the
 * viewing. Leaving the page mid-video drops the viewing: the next visit starts over, and says so.
 */
export type WelderPhase = "notCompleted" | "inProgress" | "completed";

const REPORT_EVERY_SECONDS = 1;
/** A seek further than this past what was watched is a skip. */
const SKIP_TOLERANCE_SECONDS = 0.5;
const LEFT_KEY = "passport:welder-left";

export function useWelderViewing(video: RefObject<HTMLVideoElement | null>, { lang, query }: TrainingPageRef, initiallyCompleted: boolean) {
  const [phase, setPhase] = useState<WelderPhase>(initiallyCompleted ? "completed" : "notCompleted");
  const [notice, setNotice] = useState<"noSkipping" | "restarted" | null>(null);
  const [errorCode, setErrorCode] = useState<number | null>(null);
  const phaseRef = useRef(phase);
  useEffect(() => {
    phaseRef.current = phase;
  }, [phase]);

  // A viewing is marked in this tab while it runs; finding the mark on arrival means the last
  // one was left before the end (navigation, reload, closed page), so the page says why it starts over.
  useEffect(() => {
    if (!sessionStorage.getItem(LEFT_KEY)) return;
    sessionStorage.removeItem(LEFT_KEY);
    if (!initiallyCompleted) void Promise.resolve().then(() => setNotice("restarted"));
  }, [initiallyCompleted]);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const page: TrainingPageRef = { lang, query };
    const viewing = { id: null as string | null, watched: 0, reported: 0 };
    const firstViewing = () => phaseRef.current !== "completed";
    const fail = (code: number) => {
      setErrorCode(code);
      sessionStorage.removeItem(LEFT_KEY);
      viewing.id = null;
      viewing.watched = 0;
      element.pause();
      element.currentTime = 0;
      setPhase("notCompleted");
    };

    const onPlay = async () => {
      if (!firstViewing() || viewing.id) return;
      setPhase("inProgress");
      setErrorCode(null);
      setNotice(null);
      viewing.watched = 0;
      viewing.reported = 0;
      element.currentTime = 0;
      sessionStorage.setItem(LEFT_KEY, "1");
      const result = await callAction(() => startViewingAction(page));
      if (!result.ok) return fail(result.error.code);
      viewing.id = result.viewId;
    };
    const onSeeking = () => {
      if (firstViewing() && element.currentTime > viewing.watched + SKIP_TOLERANCE_SECONDS) {
        element.currentTime = viewing.watched;
        setNotice("noSkipping");
      }
    };
    const onRate = () => {
      if (firstViewing() && element.playbackRate > 1) element.playbackRate = 1;
    };
    const onTime = async () => {
      if (!firstViewing() || element.seeking) return;
      if (element.currentTime <= viewing.watched + SKIP_TOLERANCE_SECONDS) viewing.watched = Math.max(viewing.watched, element.currentTime);
      const id = viewing.id;
      if (!id || viewing.watched - viewing.reported < REPORT_EVERY_SECONDS) return;
      viewing.reported = viewing.watched;
      const result = await callAction(() => reportProgressAction({ viewId: id, position: viewing.watched }, page));
      if (!result.ok) fail(result.error.code);
    };
    const onEnded = async () => {
      const id = viewing.id;
      if (!firstViewing() || !id) return;
      viewing.watched = element.duration;
      const progress = await callAction(() => reportProgressAction({ viewId: id, position: element.duration }, page));
      if (!progress.ok) return fail(progress.error.code);
      const result = await callAction(() => finishViewingAction({ viewId: id }, page));
      if (!result.ok) return fail(result.error.code);
      viewing.id = null;
      sessionStorage.removeItem(LEFT_KEY);
      setNotice(null);
      setPhase("completed");
    };
    const listeners: [string, () => unknown][] = [
      ["play", onPlay],
      ["seeking", onSeeking],
      ["ratechange", onRate],
      ["timeupdate", onTime],
      ["ended", onEnded],
    ];
    for (const [name, listener] of listeners) element.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of listeners) element.removeEventListener(name, listener);
    };
  }, [video, lang, query]);

  return { phase, notice, errorCode };
}
