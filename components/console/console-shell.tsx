import type { ReactNode } from "react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CONSOLE_SCREENS } from "@/lib/contract/console/routes";
import { roleAllows } from "@/lib/contract/console/roles";
import type { OperatorInfo } from "@/lib/contract/console/session";
import type { Locale } from "@/lib/i18n/routing";
import { LanguageSelect } from "@/components/layout/language-select";
import { OperatorSignOutButton } from "./sign-out-button";

/**
 * The console's frame: who is signed in, the screens this operator's role may open, the page.
 * `current` marks the screen shown (aria-current) for the navigation.
 */
export async function ConsoleShell({ lang, base, operator, current, children }: { lang: Locale; base: string; operator: OperatorInfo; current: string; children: ReactNode }) {
  const t = await getTranslations({ locale: lang, namespace: "console" });
  const screens = CONSOLE_SCREENS.filter((screen) => roleAllows(operator.role, screen.role));
  return (
    <div className="min-h-dvh bg-gray-50">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t("shell.skip")}
      </a>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <p className="font-semibold text-gray-900">{t("shell.title")}</p>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span className="break-all text-gray-700">
              {operator.email} · {t(`roles.${operator.role}`)}
            </span>
            <LanguageSelect />
            <OperatorSignOutButton lang={lang} />
          </div>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
        <nav aria-label={t("shell.navigation")} className="md:w-48 md:shrink-0">
          <ul className="flex flex-wrap gap-2 md:flex-col">
            {screens.map((screen) => (
              <li key={screen.key}>
                <Link
                  href={`/${lang}/${base}/${screen.path}`}
                  aria-current={current === screen.key ? "page" : undefined}
                  className="block rounded px-3 py-2 text-sm text-gray-800 hover:bg-gray-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong aria-[current=page]:bg-white aria-[current=page]:font-semibold aria-[current=page]:shadow-sm"
                >
                  {t(`nav.${screen.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}

/** What a screen shows an operator whose role does not reach it (the services refused too). */
export async function NotForYourRole({ lang }: { lang: Locale }) {
  const t = await getTranslations({ locale: lang, namespace: "console.shell" });
  return (
    <section aria-labelledby="forbidden-title" className="rounded-lg border border-gray-200 bg-white p-6">
      <h1 id="forbidden-title" className="text-xl font-semibold text-gray-900">
        {t("forbiddenTitle")}
      </h1>
      <p className="mt-2 text-gray-700">{t("forbidden")}</p>
    </section>
  );
}
