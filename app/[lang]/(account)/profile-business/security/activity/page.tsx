import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { BUSINESS_SECURITY_ACTIVITY_PATH, BUSINESS_SECURITY_PATH } from "@/lib/session/routes";
import { activityPageNumber, loadSecurityActivity } from "@/lib/loaders/security-activity";
import { ActivityView } from "@/components/security/activity-view";
import { withPage } from "@/lib/launch/with-page";

export async function generateMetadata({ params }: PageProps<"/[lang]/profile-business/security/activity">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "securityActivity", BUSINESS_SECURITY_ACTIVITY_PATH, false);
}

/** An enterprise user's security activity, as a consumer's; other accounts go to the enterprise sign-in. */
export default async function BusinessSecurityActivityPage({ params, searchParams }: PageProps<"/[lang]/profile-business/security/activity">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const number = activityPageNumber((await searchParams).page);
  const { launch, query, href } = await pageLaunch(searchParams);
  const loginHref = href(`/${lang}/login-business`);
  const { enterprise, activity } = await loadSecurityActivity(lang, launch, loginHref, number);
  if (!enterprise) redirect(loginHref);
  return (
    <ActivityView
      lang={lang}
      query={query}
      business={true}
      activity={activity}
      securityHref={href(`/${lang}/${BUSINESS_SECURITY_PATH}`)}
      pageHref={(page) => withPage(href(`/${lang}/${BUSINESS_SECURITY_ACTIVITY_PATH}`), page)}
    />
  );
}
