import { defaultLocale, isLocale, type Locale } from "./routing";

/** SPEC §4: zh-CN and zh map to zh, anything else to en (zh-TW and zh-Hans count as zh too). */
export function normalizeLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const lower = value.trim().toLowerCase();
  if (isLocale(lower)) return lower;
  if (/^zh([-_][a-z0-9]+)*$/.test(lower)) return "zh";
  if (/^en([-_][a-z0-9]+)*$/.test(lower)) return "en";
  return null;
}

/** First language of an Accept-Language header that we serve, if any. */
export function localeFromAcceptLanguage(header: string | null): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const locale = normalizeLocale(tag);
    if (locale) return locale;
  }
  return null;
}

/** A path segment that looks like a language code (`fr`, `de-DE`, `zh-Hans`). */
export function looksLikeLanguage(segment: string): boolean {
  return /^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(segment);
}

export function preferredLocale(cookieValue: string | null | undefined, acceptLanguage: string | null): Locale {
  return normalizeLocale(cookieValue) ?? localeFromAcceptLanguage(acceptLanguage) ?? defaultLocale;
}
