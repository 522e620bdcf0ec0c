"use client";

import { usePathname, useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useId, useTransition } from "react";
import { LANG_COOKIE, locales } from "@/lib/i18n/routing";

/** Simplified Chinese / English; keeps the current page and its query. */
export function LanguageSelect() {
  const t = useTranslations("common");
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const id = useId();

  function change(next: string) {
    const rest = pathname.split("/").slice(2).join("/");
    const href = `/${next}/${rest}${window.location.search}`;
    // The choice is remembered for addresses without a language (SPEC §4); pages never set it.
    document.cookie = `${LANG_COOKIE}=${next}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
    startTransition(() => router.replace(href));
  }

  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="sr-only">
        {t("language")}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(event) => change(event.target.value)}
        className="h-9 rounded-md border border-gray-300 bg-white px-2 text-gray-800"
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {t(`languageNames.${l}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
