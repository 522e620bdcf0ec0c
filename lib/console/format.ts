import type { Locale } from "@/lib/i18n/routing";

/** A time as the console shows it: the operator's language, UTC, to the second (logs are compared across zones). */
export function consoleTime(iso: string | null, lang: Locale): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return `${new Intl.DateTimeFormat(lang === "zh" ? "zh-CN" : "en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" }).format(date)} UTC`;
}

/** The first issue of a refused query, as the field it names (the message key under console.fields). */
export function firstField(issues: readonly { path: readonly PropertyKey[] }[]): string {
  return String(issues[0]?.path[0] ?? "q");
}
