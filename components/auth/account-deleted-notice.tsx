"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { DELETED_FLASH_COOKIE } from "@/lib/session/cookie";
import { Alert } from "@/components/ui/alert";

/** Read (and removed) once per page load, so a re-run effect (Strict Mode) still sees it. */
let flagged: boolean | null = null;

function takeFlag(): boolean {
  if (flagged === null) {
    flagged = document.cookie.split("; ").some((c) => c === `${DELETED_FLASH_COOKIE}=1`);
    if (flagged) document.cookie = `${DELETED_FLASH_COOKIE}=; path=/; max-age=0; samesite=lax`;
  }
  return flagged;
}

/** 'Your account has been deleted', on the login page the deletion led to. */
export function AccountDeletedNotice() {
  const t = useTranslations("login");
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!takeFlag()) return;
    const show = window.setTimeout(() => setVisible(true), 0);
    return () => window.clearTimeout(show);
  }, []);

  if (!visible) return null;
  return (
    <Alert tone="success" className="mb-4">
      {t("accountDeleted")}
    </Alert>
  );
}
