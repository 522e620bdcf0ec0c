"use client";

import { useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import { locales, type Locale } from "@/lib/i18n/routing";
import { rememberLanguage, visitorLanguage } from "@/lib/i18n/visitor-language";

type Props = {
  /** the page in each language, rendered on the server: the HTML holds both */
  content: Record<Locale, ReactNode>;
  /** the language switch's label in each language, and each language's own name */
  labels: Record<Locale, string>;
  names: Record<Locale, string>;
};

/**
 * A static page in both languages that shows the visitor's (lib/i18n/visitor-language.ts).
 * Until the browser has chosen, English shows; the choice also sets `<html lang>`. The switch
 * keeps the choice in the address (`?lang=`) and, as the portal does, in the IntlLang cookie.
 */
function subscribe() {
  return () => {};
}

function browserLanguage(): Locale {
  return visitorLanguage({ search: window.location.search, cookie: document.cookie, languages: navigator.languages ?? [] });
}

export function NeutralPage({ content, labels, names }: Props) {
  // The browser's language is only known in the browser; the page's HTML is the same for everyone.
  const detected = useSyncExternalStore(subscribe, browserLanguage, (): Locale => "en");
  const [chosen, setChosen] = useState<Locale | null>(null);
  const lang = chosen ?? detected;

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  function choose(next: Locale) {
    setChosen(next);
    rememberLanguage(next);
    const url = new URL(window.location.href);
    url.searchParams.set("lang", next);
    window.history.replaceState(window.history.state, "", url);
  }

  return (
    <div className="mx-auto flex min-h-dvh max-w-3xl flex-col gap-6 px-4 py-8">
      {/* landmarks: the language switch is the page's banner, the text its main content */}
      <header className="flex justify-end">
        <div role="group" aria-label={labels[lang]} className="flex gap-1 text-sm">
          {locales.map((option) => (
            <button
              key={option}
              type="button"
              lang={option}
              aria-pressed={option === lang}
              onClick={() => choose(option)}
              className="rounded-md px-2 py-1 text-gray-700 hover:bg-gray-100 aria-pressed:bg-green-50 aria-pressed:font-semibold aria-pressed:text-primary-strong"
            >
              {names[option]}
            </button>
          ))}
        </div>
      </header>
      <main id="main">
        {locales.map((option) => (
          <div key={option} lang={option} hidden={option !== lang}>
            {content[option]}
          </div>
        ))}
      </main>
    </div>
  );
}
