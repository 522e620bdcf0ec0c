"use client";

import { useTranslations } from "next-intl";

/** Previous / next links of a paged list; the page builds the addresses (search and filters kept). */
export function PageLinks({ page, pages, previous, next }: { page: number; pages: number; previous: string | null; next: string | null }) {
  const t = useTranslations("console.common");
  const link = "rounded-lg border border-gray-300 px-3 py-2 text-sm text-gray-900 hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong";
  return (
    <nav aria-label={t("pageOf", { page, pages: Math.max(pages, 1) })} className="flex flex-wrap items-center gap-3">
      {previous ? (
        <a href={previous} className={link}>
          {t("previous")}
        </a>
      ) : null}
      <span className="text-sm text-muted">{t("pageOf", { page, pages: Math.max(pages, 1) })}</span>
      {next ? (
        <a href={next} className={link}>
          {t("next")}
        </a>
      ) : null}
    </nav>
  );
}
