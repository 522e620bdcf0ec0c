"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

type Props = {
  page: number;
  pageSize: number;
  total: number;
  sizes: readonly number[];
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  disabled?: boolean;
  /** the total in words of the list it pages ("3 redemptions", "3 messages"); defaults to the login log's "3 sessions" */
  totalText?: string;
  /** the navigation's name, when a screen has more than one pager (each landmark needs its own) */
  label?: string;
};

/** Previous / next, "page x of y", the total and the 'items per page' choice (SPEC §9); no label breaks inside (上一页 stays one line at 320 px). */
export function Pagination({ page, pageSize, total, sizes, onPage, onPageSize, disabled = false, totalText, label }: Props) {
  const t = useTranslations("security.pagination");
  const sizeId = useId();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={label ?? t("label")} className="flex flex-col gap-3 text-sm text-gray-700 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-wrap items-center gap-3">
        <span>{totalText ?? t("total", { total })}</span>
        <label htmlFor={sizeId} className="flex items-center gap-2">
          <select
            id={sizeId}
            value={pageSize}
            disabled={disabled}
            onChange={(event) => onPageSize(Number(event.target.value))}
            className="h-9 rounded-lg border border-gray-300 bg-white px-2 text-sm"
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
          <span>{t("itemsPerPage")}</span>
        </label>
      </div>
      <div className="flex items-center gap-2">
        <Button variant="secondary" className="h-9 shrink-0 whitespace-nowrap px-3" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
          {t("previous")}
        </Button>
        <span aria-live="polite" className="min-w-20 whitespace-nowrap text-center tabular-nums">
          {t("pageOf", { page, pages })}
        </span>
        <Button variant="secondary" className="h-9 shrink-0 whitespace-nowrap px-3" disabled={disabled || page >= pages} onClick={() => onPage(page + 1)}>
          {t("next")}
        </Button>
      </div>
    </nav>
  );
}
