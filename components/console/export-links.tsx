"use client";

import { useTranslations } from "next-intl";
import type { BulkSelectionInput } from "@/lib/contract/console/bulk";
import { EXPORT_FORMATS } from "@/lib/contract/console/user-transfer-options";

/**
 * "Export" for what bulk work would act on (docs/import-export.md): the ticked accounts as their
 * ids, else the whole search as its filters. Plain links to the console's download route (an
 * attachment: the browser saves it, the page stays), so they work from the keyboard as links do.
 */
export function exportHref(path: string, selection: BulkSelectionInput, format: string): string {
  const params = new URLSearchParams({ format });
  if ("ids" in selection) params.set("ids", selection.ids.join(","));
  else for (const [key, value] of Object.entries(selection.search)) if (typeof value === "string" && value !== "" && !(key === "by" && value === "any")) params.set(key, value);
  return `${path}?${params.toString()}`;
}

export function ExportLinks({ path, selection, label }: { path: string; selection: BulkSelectionInput; label: string }) {
  const t = useTranslations("console.bulk");
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-3 text-sm">
      <span className="font-medium text-gray-800">{label}</span>
      {EXPORT_FORMATS.map((format) => (
        <a key={format} href={exportHref(path, selection, format)} className="rounded text-primary-strong underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong">
          {t("exportAs", { format: format.toUpperCase() })}
        </a>
      ))}
    </div>
  );
}
