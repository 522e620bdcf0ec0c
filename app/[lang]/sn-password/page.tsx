import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { SN_PASSWORD_PATH } from "@/lib/session/routes";
import { SnPasswordPanel } from "@/components/sn-password/sn-password-panel";
import { LanguageSelect } from "@/components/layout/language-select";
import { BrandLogo } from "@/components/layout/brand-logo";
import { DEFAULT_BRAND } from "@/lib/launch/brands";
import { textList } from "@/lib/i18n/message-list";
import { ClientMessages } from "@/components/layout/client-messages";
import { SN_PASSWORD_NAMESPACES } from "@/lib/i18n/client-namespaces";

export async function generateMetadata({ params }: PageProps<"/[lang]/sn-password">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "snPassword", SN_PASSWORD_PATH);
}

/**
 * The SN password page (SPEC §2), public and static: the same HTML for every visitor of a
 * language. It explains how a welder's password is obtained; what depends on the visitor
 * (signed in or not, welder video watched or not) is asked by the client (SnPasswordPanel).
 */
export default async function SnPasswordPage({ params }: PageProps<"/[lang]/sn-password">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const t = await getTranslations({ locale: lang, namespace: "snPassword" });
  const steps = textList(t.raw("steps"));
  return (
    <ClientMessages lang={lang} namespaces={SN_PASSWORD_NAMESPACES}>
      <div className="min-h-dvh bg-gray-50">
        <header className="border-b border-gray-200 bg-white">
          <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
            <BrandLogo brand={DEFAULT_BRAND} system="mobile" lang={lang} />
            <LanguageSelect />
          </div>
        </header>
        <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
          <div>
            <h1 className="text-2xl font-semibold text-gray-900">{t("title")}</h1>
            <p className="mt-2 text-sm text-gray-700">{t("intro")}</p>
          </div>
          <section aria-labelledby="steps-title" className="rounded-xl border border-gray-200 bg-white p-5">
            <h2 id="steps-title" className="text-base font-semibold text-gray-900">
              {t("stepsTitle")}
            </h2>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-gray-800">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
          <SnPasswordPanel lang={lang} />
        </main>
      </div>
    </ClientMessages>
  );
}
