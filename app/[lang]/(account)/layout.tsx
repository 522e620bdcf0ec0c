import { Suspense } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { SideMenu, SideMenuPlaceholder } from "@/components/account/side-menu";
import { LaunchBrandLogo } from "@/components/account/launch-brand-logo";
import { LogoutButton, LogoutButtonPlaceholder } from "@/components/account/logout-button";
import { LanguageSelect } from "@/components/layout/language-select";
import { FlashNotice } from "@/components/layout/flash-notice";
import { ClientMessages } from "@/components/layout/client-messages";
import { ACCOUNT_NAMESPACES } from "@/lib/i18n/client-namespaces";

/**
 * The user-centre layout: a header, the side menu and the page. It reads nothing of the request
 * (the menu and the logout button read the address on the client), so a page that reads nothing
 * either, like the settings page, is served as a static shell.
 */
export default async function AccountLayout({ children, params }: LayoutProps<"/[lang]">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const t = await getTranslations({ locale: lang, namespace: "common" });
  return (
    <ClientMessages lang={lang} namespaces={ACCOUNT_NAMESPACES}>
      <div className="min-h-dvh bg-gray-50">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          {t("skipToContent")}
        </a>
        <header className="border-b border-gray-200 bg-white">
          {/* on a narrow phone the controls move under the logo rather than squeeze "Log out" onto two lines */}
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
            {/* the brand comes from the address, read in the browser; until then an empty place of the logo's size */}
            <Suspense fallback={<span className="inline-block h-8 w-28" />}>
              <LaunchBrandLogo lang={lang} />
            </Suspense>
            <div className="flex items-center gap-2">
              <LanguageSelect />
              <Suspense fallback={<LogoutButtonPlaceholder />}>
                <LogoutButton lang={lang} />
              </Suspense>
            </div>
          </div>
        </header>
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row">
          <Suspense fallback={<SideMenuPlaceholder lang={lang} />}>
            <SideMenu lang={lang} />
          </Suspense>
          <main id="main" className="min-w-0 flex-1">
            <FlashNotice />
            {children}
          </main>
        </div>
      </div>
    </ClientMessages>
  );
}
