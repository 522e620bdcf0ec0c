import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PASSPORT_VERSION } from "@/lib/contract/headers";
import type { Locale } from "@/lib/i18n/routing";
import { BrandLogo } from "@/components/layout/brand-logo";
import { NeutralPage } from "@/components/neutral/neutral-page";
import { DEFAULT_BRAND } from "@/lib/launch/brands";
import { neutralLabels } from "@/components/neutral/labels";

/** /learnMore (SPEC §2): the about page the side menu opens as a new page; static, both languages. */
export const metadata: Metadata = { title: "About Passport · 关于通行证", alternates: { canonical: "/learnMore" } };

const POINTS = ["signIn", "account", "services", "messages"] as const;

async function AboutPassport({ lang }: { lang: Locale }) {
  const t = await getTranslations({ locale: lang, namespace: "learnMore" });
  return (
    <article className="flex flex-col gap-6">
      <header className="flex items-center gap-4">
        <BrandLogo brand={DEFAULT_BRAND} system="mobile" lang={lang} height="h-10" />
        <div>
          <h1 className="text-2xl font-semibold text-gray-900">{t("title")}</h1>
          <p className="text-sm text-muted">{t("version", { version: PASSPORT_VERSION })}</p>
        </div>
      </header>
      <p className="text-base text-gray-800">{t("intro")}</p>
      <section className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6">
        <h2 className="text-base font-semibold text-gray-900">{t("whatTitle")}</h2>
        <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-gray-800">
          {POINTS.map((point) => (
            <li key={point}>{t(`what.${point}`)}</li>
          ))}
        </ul>
      </section>
      {(["business", "apps", "privacy"] as const).map((part) => (
        <section key={part} className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6">
          <h2 className="text-base font-semibold text-gray-900">{t(`${part}Title`)}</h2>
          <p className="mt-2 text-sm text-gray-800">{t(part)}</p>
        </section>
      ))}
    </article>
  );
}

export default async function LearnMorePage() {
  return <NeutralPage content={{ en: <AboutPassport lang="en" />, zh: <AboutPassport lang="zh" /> }} {...await neutralLabels()} />;
}
