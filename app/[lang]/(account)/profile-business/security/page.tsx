import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { BUSINESS_SECURITY_PATH } from "@/lib/session/routes";
import { SecurityView } from "@/components/security/security-view";
import { loadSecurity } from "@/lib/loaders/security";
import { SignedInIdentity } from "@/components/analytics/signed-in-identity";

export async function generateMetadata({ params }: PageProps<"/[lang]/profile-business/security">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "security", BUSINESS_SECURITY_PATH, false);
}

/** Account security of an enterprise user: the enterprise password change, no account deletion. */
export default async function BusinessSecurityPage({ params, searchParams }: PageProps<"/[lang]/profile-business/security">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const { launch, query, href } = await pageLaunch(searchParams);
  const loginHref = href(`/${lang}/login-business`);
  const data = await loadSecurity(lang, launch, loginHref);
  if (!data.user.enterpriseUser) redirect(loginHref);
  return (
    <>
      <SecurityView data={data} lang={lang} query={query} business />
      <SignedInIdentity lang={lang} />
    </>
  );
}
