"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { isNoticeKey, NOTICE_COOKIE, type NoticeKey } from "@/lib/session/notice";

const SHOW_MS = 6_000;

/** A one-time notice the server left for this page (lib/session/notice.ts), read once and cleared. */
export function FlashNotice() {
  const t = useTranslations("notices");
  const [notice, setNotice] = useState<NoticeKey | null>(null);

  useEffect(() => {
    const value = document.cookie
      .split("; ")
      .find((c) => c.startsWith(`${NOTICE_COOKIE}=`))
      ?.slice(NOTICE_COOKIE.length + 1);
    if (!value) return;
    document.cookie = `${NOTICE_COOKIE}=; path=/; max-age=0; samesite=lax`;
    if (!isNoticeKey(value)) return;
    const show = window.setTimeout(() => setNotice(value), 0);
    const hide = window.setTimeout(() => setNotice(null), SHOW_MS);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
    };
  }, []);

  if (!notice) return null;
  return (
    <div className="fixed inset-x-0 top-4 z-50 flex justify-center px-4">
      <Alert tone="info" className="shadow-md">
        {t(notice)}
      </Alert>
    </div>
  );
}
