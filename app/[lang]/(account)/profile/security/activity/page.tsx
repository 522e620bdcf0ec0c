import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { SECURITY_ACTIVITY_PATH, SECURITY_PATH } from "@/lib/session/routes";
import { activityPageNumber, loadSecurityActivity } from "@/lib/loaders/security-activity";
import { ActivityView } from "@/components/security/activity-view";
import { withPage } from "@/lib/launch/with-page";

export async function generateMetadata({ params }: PageProps<"/[lang]/profile/security/activity">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "securityActivity", SECURITY_ACTIVITY_PATH, false);
}

/** A consumer's security activity: sign-ins, refused sign-ins and every security change, newest first. */
export default async function SecurityActivityPage({ params, searchParams }: PageProps<"/[lang]/profile/security/activity">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const number = activityPageNumber((await searchParams).page);
  const { launch, query, href } = await pageLaunch(searchParams);
  const { activity } = await loadSecurityActivity(lang, launch, href(`/${lang}/login`), number);
  return (
    <ActivityView
      lang={lang}
      query={query}
      business={false}
      activity={activity}
      securityHref={href(`/${lang}/${SECURITY_PATH}`)}
      pageHref={(page) => withPage(href(`/${lang}/${SECURITY_ACTIVITY_PATH}`), page)}
    />
  );
}
