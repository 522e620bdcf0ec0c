import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { screenMetadata } from "@/lib/i18n/metadata";
import { isLocale, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { currentUser } from "@/lib/session/server";
import { isUpstreamError } from "@/lib/upstream/errors";
import { ErrorCode } from "@/lib/contract/errors";
import { ProfileSummary } from "@/components/account/profile-summary";

export async function generateMetadata({ params }: PageProps<"/[lang]/profile/settings">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(isLocale(lang) ? lang : "en", "settings", "profile/settings", false);
}

export default async function SettingsPage({ params, searchParams }: PageProps<"/[lang]/profile/settings">) {
  const { lang: raw } = await params;
  const lang: Locale = isLocale(raw) ? raw : "en";
  setRequestLocale(lang);
  const { launch, href } = await pageLaunch(searchParams);
  let user;
  try {
    user = await currentUser(lang, launch);
  } catch (error) {
    // The session ended between the guard's check and this read: the login page clears it.
    if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) redirect(href(`/${lang}/login`));
    throw error;
  }
  if (!user) redirect(href(`/${lang}/login`));
  return <ProfileSummary user={user} lang={lang} />;
}
