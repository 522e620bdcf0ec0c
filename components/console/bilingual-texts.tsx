"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import type { Locale } from "@/lib/i18n/routing";

export type Bilingual = Record<Locale, { title: string; body: string }>;
export const EMPTY_TEXTS: Bilingual = { en: { title: "", body: "" }, zh: { title: "", body: "" } };

/**
 * A title and a text in English and Chinese, side by side (stacked on a narrow screen). Each
 * field is marked with its language, so a screen reader and the spell checker use the right one.
 */
export function BilingualTexts({
  value,
  onChange,
  labels,
  limits,
  error,
}: {
  value: Bilingual;
  onChange: (next: Bilingual) => void;
  labels: { title: string; body: string };
  limits: { title: number; body: number };
  error?: string | undefined;
}) {
  const t = useTranslations("console.messages");
  const id = useId();
  const input = "w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong";
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {(["en", "zh"] as const).map((lang) => (
        <fieldset key={lang} lang={lang} className="flex min-w-0 flex-col gap-3 rounded-lg border border-gray-200 p-3">
          <legend className="px-1 text-sm font-semibold text-gray-900">{lang === "en" ? t("english") : t("chinese")}</legend>
          <label htmlFor={`${id}-${lang}-title`} className="text-sm font-medium text-gray-800">
            {labels.title}
          </label>
          <input
            id={`${id}-${lang}-title`}
            className={`h-11 ${input}`}
            value={value[lang].title}
            maxLength={limits.title}
            required
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ ...value, [lang]: { ...value[lang], title: event.target.value } })}
          />
          <label htmlFor={`${id}-${lang}-body`} className="text-sm font-medium text-gray-800">
            {labels.body}
          </label>
          <textarea
            id={`${id}-${lang}-body`}
            className={`min-h-28 py-2 ${input}`}
            value={value[lang].body}
            maxLength={limits.body}
            required
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange({ ...value, [lang]: { ...value[lang], body: event.target.value } })}
          />
        </fieldset>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-danger md:col-span-2">
          {error}
        </p>
      ) : null}
    </div>
  );
}
