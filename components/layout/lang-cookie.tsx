"use client";

import { useEffect } from "react";
import { LANG_COOKIE, type Locale } from "@/lib/i18n/routing";

/**
 * The IntlLang cookie follows the page's language (SPEC §4), written here on the client after
 * load: a page response never sets a cookie, so the public pages stay the same cacheable bytes
 * for every visitor.
 */
export function LangCookie({ lang }: { lang: Locale }) {
  useEffect(() => {
    if (!document.cookie.split("; ").includes(`${LANG_COOKIE}=${lang}`)) {
      document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
    }
  }, [lang]);
  return null;
}
