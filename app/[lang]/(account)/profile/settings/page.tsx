import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { currentUser, upstreamContext } from "@/lib/session/server";
import { isUpstreamError } from "@/lib/upstream/errors";
import { avatarSrc, listCountries, listStates } from "@/lib/upstream/profile";
import type { UpstreamContext } from "@/lib/upstream/passport";
import { ErrorCode } from "@/lib/contract/errors";
import { ProfileSettings, type RegionLists } from "@/components/profile/profile-settings";

export async function generateMetadata({ params }: PageProps<"/[lang]/profile/settings">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "settings", "profile/settings", false);
}

/** The user centre: the signed-in user's profile (fullinfo) with every field editable. */
export default async function SettingsPage({ params, searchParams }: PageProps<"/[lang]/profile/settings">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const { launch, query, href } = await pageLaunch(searchParams);
  let user;
  try {
    user = await currentUser(lang, launch);
  } catch (error) {
    // The session ended between the guard's check and this read: the login page clears it.
    if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) redirect(href(`/${lang}/login`));
    throw error;
  }
  if (!user) redirect(href(`/${lang}/login`));
  const lists = await loadRegionLists(await upstreamContext(lang, launch), user.country);
  return <ProfileSettings user={user} avatarSrc={avatarSrc(user.headpic)} lists={lists} lang={lang} query={query} />;
}

/** The country list and the saved country's regions; the rest of the page works without them. */
async function loadRegionLists(ctx: UpstreamContext, country: number | null): Promise<RegionLists> {
  try {
    const [countries, regions] = await Promise.all([
      listCountries(ctx),
      country === null ? null : listStates(ctx, { countryId: country }).catch(() => null),
    ]);
    return { countries, regions };
  } catch (error) {
    return { failed: isUpstreamError(error) ? error.code : ErrorCode.systemError };
  }
}
