"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { clsx } from "clsx";

/**
 * The settings page's one notice ("Saved", "Avatar updated", a save that failed): a new notice
 * replaces the one before it, wherever on the page that one was; a success leaves by itself
 * after NOTICE_SECONDS, an error stays until the next action. Each form shows the notice in its
 * own place (NoticeAlert, NoticeStatus), so it appears beside what the user did; the slot's live region is there
 * before the words are, so screen readers announce them (errors as alerts).
 */
export const NOTICE_SECONDS = 5;

export type NoticeTone = "success" | "error";
export type Notice = { id: number; source: string; tone: NoticeTone; text: string };
type Notices = {
  notice: Notice | null;
  show(source: string, tone: NoticeTone, text: string): void;
  /** Takes the notice away; with a tone, only a notice of that tone. */
  clear(tone?: NoticeTone): void;
};

const NoticeContext = createContext<Notices | null>(null);
let nextId = 1;

function useNoticeState(): Notices {
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (!notice || notice.tone !== "success") return;
    const timer = setTimeout(() => setNotice((current) => (current?.id === notice.id ? null : current)), NOTICE_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [notice]);

  const show = useCallback((source: string, tone: NoticeTone, text: string) => setNotice({ id: nextId++, source, tone, text }), []);
  const clear = useCallback((tone?: NoticeTone) => setNotice((current) => (current && (!tone || current.tone === tone) ? null : current)), []);
  return useMemo(() => ({ notice, show, clear }), [notice, show, clear]);
}

/** The page's notice, shared by every form inside. */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const notices = useNoticeState();
  return <NoticeContext.Provider value={notices}>{children}</NoticeContext.Provider>;
}

/**
 * One source of notices (a form). Outside a NoticeProvider (a form on its own) the source keeps
 * a notice of its own, with the same rules.
 */
export function useNotice(source: string) {
  const own = useNoticeState();
  const shared = useContext(NoticeContext) ?? own;
  const { notice, show, clear } = shared;
  const mine = notice?.source === source ? notice : null;
  return {
    /** The page's notice when it is this source's. */
    notice: mine,
    success: (text: string) => show(source, "success", text),
    error: (text: string) => show(source, "error", text),
    /** The next action begins: the notice goes, an error too. */
    clear: () => clear(),
    /** Editing again takes a success away; an error stays until the next save. */
    clearSuccess: () => {
      if (mine?.tone === "success") clear("success");
    },
  };
}

/** A source's error, as an alert (announced at once). */
export function NoticeAlert({ notice, className }: { notice: Notice | null; className?: string }) {
  if (notice?.tone !== "error") return null;
  return (
    <div role="alert" className={clsx("rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800", className)}>
      {notice.text}
    </div>
  );
}

/** A source's success, in a polite live region that is there before the words are, so they are announced. */
export function NoticeStatus({ notice, className }: { notice: Notice | null; className?: string }) {
  return (
    <p role="status" aria-atomic className={clsx("flex items-center gap-1.5 text-sm text-primary-strong", className)}>
      {notice?.tone === "success" ? (
        <>
          <svg aria-hidden viewBox="0 0 20 20" className="size-4 fill-current">
            <path d="M7.7 13.3 4.4 10l-1.2 1.2 4.5 4.5 9.1-9.1-1.2-1.2z" />
          </svg>
          {notice.text}
        </>
      ) : null}
    </p>
  );
}
