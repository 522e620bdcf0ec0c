import { LANG_COOKIE, type Locale } from "./routing";
import { normalizeLocale } from "./resolve";

/**
 * The language of a page without a language segment (/announcement, /learnMore), chosen in the
 * browser so the page itself stays static: `?lang=` (the side menu's link says it), else the
 * IntlLang cookie (the portal's choice), else the browser's languages, else en.
 */
export function visitorLanguage(input: { search: string; cookie: string; languages: readonly string[] }): Locale {
  const fromQuery = normalizeLocale(new URLSearchParams(input.search).get("lang"));
  if (fromQuery) return fromQuery;
  const cookie = input.cookie
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANG_COOKIE}=`));
  const fromCookie = normalizeLocale(cookie ? decodeURIComponent(cookie.slice(LANG_COOKIE.length + 1)) : null);
  if (fromCookie) return fromCookie;
  for (const language of input.languages) {
    const locale = normalizeLocale(language);
    if (locale) return locale;
  }
  return "en";
}

/** Remembers a visitor's choice as the portal does (the IntlLang cookie, a year). */
export function rememberLanguage(lang: Locale): void {
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
}
