import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { currentUser } from "@/lib/session/server";
import { isUpstreamError } from "@/lib/upstream/errors";
import { ErrorCode } from "@/lib/contract/errors";
import { EnterpriseAccount } from "@/components/account/enterprise-account";
import { SignedInIdentity } from "@/components/analytics/signed-in-identity";

export async function generateMetadata({ params }: PageProps<"/[lang]/profile-business/profile-settings">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "businessSettings", "profile-business/profile-settings", false);
}

/** The enterprise user's account: ID, enterprise name, email, user ID, and the default-password warning. */
export default async function BusinessSettingsPage({ params, searchParams }: PageProps<"/[lang]/profile-business/profile-settings">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const { launch, query, href } = await pageLaunch(searchParams);
  let user;
  try {
    user = await currentUser(lang, launch);
  } catch (error) {
    // The session ended between the guard's check and this read: the login page clears it.
    if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) redirect(href(`/${lang}/login-business`));
    throw error;
  }
  if (!user?.enterpriseUser) redirect(href(`/${lang}/login-business`));
  return (
    <>
      <EnterpriseAccount user={user} enterprise={user.enterpriseUser} lang={lang} query={query} />
      <SignedInIdentity lang={lang} />
    </>
  );
}
