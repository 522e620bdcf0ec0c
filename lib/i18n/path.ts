import { isLocale, type Locale } from "./routing";
import { looksLikeLanguage, normalizeLocale } from "./resolve";

export type ResolvedPath =
  | { kind: "ok"; lang: Locale; rest: string }
  | { kind: "redirect"; pathname: string; keepQuery: boolean }
  /** a page without a language segment (/announcement, /learnMore): served as it is */
  | { kind: "neutral" };

/**
 * Language part of the route table (SPEC §2, ARCHITECTURE "Language of a path without one").
 * `isKnownRoute` tells whether a path below the language is a portal route; `isNeutralRoute`
 * whether a whole path is a page without a language (it is then left alone).
 */
export function resolveLocalePath(
  pathname: string,
  preferred: Locale,
  isKnownRoute: (rest: string) => boolean,
  isNeutralRoute: (path: string) => boolean = () => false,
): ResolvedPath {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length > 0 && isNeutralRoute(segments.join("/"))) return { kind: "neutral" };
  const [first = "", ...others] = segments;
  const rest = others.join("/");

  if (isLocale(first)) {
    if (isKnownRoute(rest)) return { kind: "ok", lang: first, rest };
    return { kind: "redirect", pathname: `/${first}/login`, keepQuery: false };
  }
  if (first && looksLikeLanguage(first)) {
    const lang = normalizeLocale(first) ?? "en";
    return isKnownRoute(rest)
      ? { kind: "redirect", pathname: `/${lang}/${rest}`, keepQuery: true }
      : { kind: "redirect", pathname: `/${lang}/login`, keepQuery: false };
  }
  const whole = segments.join("/");
  if (whole && isKnownRoute(whole)) return { kind: "redirect", pathname: `/${preferred}/${whole}`, keepQuery: true };
  return { kind: "redirect", pathname: `/${preferred}/login`, keepQuery: false };
}
