import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { SECURITY_PATH } from "@/lib/session/routes";
import { SecurityView } from "@/components/security/security-view";
import { loadSecurity } from "@/lib/loaders/security";
import { SignedInIdentity } from "@/components/analytics/signed-in-identity";

export async function generateMetadata({ params }: PageProps<"/[lang]/profile/security">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "security", SECURITY_PATH, false);
}

/** Account security of a consumer (SPEC §2). */
export default async function SecurityPage({ params, searchParams }: PageProps<"/[lang]/profile/security">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const { launch, query, href } = await pageLaunch(searchParams);
  const data = await loadSecurity(lang, launch, href(`/${lang}/login`));
  return (
    <>
      <SecurityView data={data} lang={lang} query={query} business={false} />
      <SignedInIdentity lang={lang} />
    </>
  );
}
