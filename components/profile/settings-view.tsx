"use client";

import type { Locale } from "@/lib/i18n/routing";
import { AnalyticsIdentity } from "@/components/analytics/analytics-identity";
import { useLaunchQuery } from "@/components/account/use-launch-query";
import { ViewPlaceholder, ViewReload, type ViewFailure } from "@/components/account/account-view";
import { ProfileSettings, SETTINGS_CARD, SettingsHeading } from "./profile-settings";
import { useProfileView } from "./use-profile-view";

/**
 * The settings page's content. The page is a static shell: its data comes from /api/profile
 * once the page is in the browser, with the page's card and title shown meanwhile and a way to
 * try again when the read fails.
 */
export function SettingsView({ lang }: { lang: Locale }) {
  const query = useLaunchQuery();
  const { data, failure, reload } = useProfileView(lang, query);
  if (!data) return <SettingsPlaceholder failure={failure} />;
  return (
    <ViewReload value={reload}>
      <AnalyticsIdentity loginId={data.user.uid} />
      <ProfileSettings user={data.user} avatarSrc={data.avatarSrc} lists={data.lists} lang={lang} query={query} />
    </ViewReload>
  );
}

export function SettingsPlaceholder({ failure }: { failure?: ViewFailure }) {
  return <ViewPlaceholder heading={<SettingsHeading />} labelledBy="settings-title" failure={failure} className={SETTINGS_CARD} />;
}
