"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { EXPIRED_FLASH_COOKIE } from "@/lib/session/cookie";
import { Alert } from "@/components/ui/alert";

const SHOW_MS = 3_000;
/** Until when the notice shows: a reload within the 3 s (the client and the router both moving to login) keeps it. */
const UNTIL_KEY = "passport:expired-notice-until";

/** 'Login has expired', once, for 3 s, after a 20101 (guard or server action); never when embedded (SPEC §4). */
export function ExpiredNotice() {
  const t = useTranslations("common");
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const flagged = document.cookie.split("; ").some((c) => c === `${EXPIRED_FLASH_COOKIE}=1`);
    if (flagged) document.cookie = `${EXPIRED_FLASH_COOKIE}=; path=/; max-age=0; samesite=lax`;
    if (window.self !== window.top) return;
    let until = Number(window.sessionStorage.getItem(UNTIL_KEY) ?? 0);
    if (flagged) {
      until = Date.now() + SHOW_MS;
      window.sessionStorage.setItem(UNTIL_KEY, String(until));
    }
    const left = until - Date.now();
    if (left <= 0) return;
    const show = window.setTimeout(() => setVisible(true), 0);
    const hide = window.setTimeout(() => setVisible(false), left);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
    };
  }, []);

  if (!visible) return null;
  return (
    <div className="fixed inset-x-0 top-4 z-50 flex justify-center px-4">
      <Alert tone="info" className="shadow-md">
        {t("expiredLogin")}
      </Alert>
    </div>
  );
}
