"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { EXPIRED_FLASH_COOKIE } from "@/lib/session/cookie";
import { Alert } from "@/components/ui/alert";

const SHOW_MS = 3_000;

/** 'Login has expired', once, for 3 s, after the guard met code 20101; never when embedded (SPEC §4). */
export function ExpiredNotice() {
  const t = useTranslations("common");
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const flagged = document.cookie.split("; ").some((c) => c === `${EXPIRED_FLASH_COOKIE}=1`);
    if (!flagged) return;
    document.cookie = `${EXPIRED_FLASH_COOKIE}=; path=/; max-age=0; samesite=lax`;
    if (window.self !== window.top) return;
    const show = window.setTimeout(() => setVisible(true), 0);
    const hide = window.setTimeout(() => setVisible(false), SHOW_MS);
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
