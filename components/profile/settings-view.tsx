"use client";

import { ErrorCode } from "@/lib/contract/errors";
import type { Locale } from "@/lib/i18n/routing";
import { profileView, profileViewKey, type RegionLists } from "@/lib/profile/view";
import { AnalyticsIdentity } from "@/components/analytics/analytics-identity";
import { useLaunchQuery } from "@/components/account/use-launch-query";
import { useAccountView, ViewPlaceholder, ViewReload, type ViewFailure } from "@/components/account/account-view";
import { ProfileSettings, SETTINGS_CARD, SettingsHeading } from "./profile-settings";
import { useCountries } from "./use-regions";

/**
 * The settings page's content. The page is a static shell: its data comes from /api/profile
 * (and the country list from /api/regions) once the page is in the browser, with the page's card and title shown meanwhile and a way to
 * try again when the read fails.
 */
export function SettingsView({ lang }: { lang: Locale }) {
  const query = useLaunchQuery();
  const { data, failure, reload } = useAccountView(profileViewKey(lang, query), profileView);
  const countries = useCountries(lang);
  // the page waits for the country list too (kept by the browser after a first visit), so the
  // location row does not change under the user; without the list the row says why
  if (!data || (countries.data === undefined && countries.error === undefined)) return <SettingsPlaceholder failure={failure} />;
  const lists: RegionLists = countries.data ? { countries: countries.data, regions: data.regions } : { failed: countries.error?.code ?? ErrorCode.systemError };
  return (
    <ViewReload value={reload}>
      <AnalyticsIdentity loginId={data.user.uid} />
      <ProfileSettings user={data.user} avatarSrc={data.avatarSrc} lists={lists} lang={lang} query={query} />
    </ViewReload>
  );
}

export function SettingsPlaceholder({ failure }: { failure?: ViewFailure }) {
  return <ViewPlaceholder heading={<SettingsHeading />} labelledBy="settings-title" failure={failure} className={SETTINGS_CARD} />;
}
