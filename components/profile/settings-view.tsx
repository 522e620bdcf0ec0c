"use client";

import { useCallback } from "react";
import { useTranslations } from "next-intl";
import { ErrorCode, errorMessageKey } from "@/lib/contract/errors";
import type { Locale } from "@/lib/i18n/routing";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { AnalyticsIdentity } from "@/components/analytics/analytics-identity";
import { useLaunchQuery } from "@/components/account/use-launch-query";
import { ProfileSettings, SETTINGS_CARD, SettingsHeading } from "./profile-settings";
import { ProfileReload, useProfileView } from "./use-profile-view";

/**
 * The settings page's content. The page is a static shell (the same bytes for every signed-in
 * user of a language, behind the guard): its data comes from /api/profile once the page is
 * in the browser, with the page's frame and title shown meanwhile and a way to try again when
 * the read fails.
 */
export function SettingsView({ lang }: { lang: Locale }) {
  const query = useLaunchQuery();
  const { data, error, isValidating, mutate } = useProfileView(lang, query);
  const reload = useCallback(() => void mutate(), [mutate]);
  if (data) {
    return (
      <ProfileReload value={reload}>
        <AnalyticsIdentity loginId={data.user.uid} />
        <ProfileSettings user={data.user} avatarSrc={data.avatarSrc} lists={data.lists} lang={lang} query={query} />
      </ProfileReload>
    );
  }
  // an ended session is on its way to the login page: keep showing the frame until it leaves
  if (error && !(error.code === ErrorCode.loginExpired && error.redirect)) {
    return <SettingsPlaceholder failure={{ code: error.code, retry: reload, retrying: isValidating }} />;
  }
  return <SettingsPlaceholder />;
}

type Failure = { code: number; retry: () => void; retrying: boolean };

/** The page's frame while its data loads (announced as loading), or the failed read and a retry. */
export function SettingsPlaceholder({ failure }: { failure?: Failure }) {
  const common = useTranslations("common");
  const te = useTranslations("errors");
  const bar = "animate-pulse rounded bg-gray-100 motion-reduce:animate-none";
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="settings-title" aria-busy={failure ? undefined : true} className={SETTINGS_CARD}>
        <SettingsHeading />
        {failure ? (
          <div className="flex flex-col items-start gap-3">
            <Alert tone="error">{te(errorMessageKey(failure.code))}</Alert>
            <Button variant="secondary" className="h-9" onClick={failure.retry} pending={failure.retrying}>
              {common("retry")}
            </Button>
          </div>
        ) : (
          <div role="status" className="flex flex-col items-center gap-5 sm:flex-row">
            <span className="sr-only">{common("loading")}</span>
            <div aria-hidden className={`size-24 shrink-0 rounded-full ${bar}`} />
            <div aria-hidden className="flex flex-col items-center gap-2 sm:items-start">
              <div className={`h-5 w-40 ${bar}`} />
              <div className={`h-4 w-56 ${bar}`} />
            </div>
          </div>
        )}
      </section>
      {failure ? null : (
        <div aria-hidden className={`${SETTINGS_CARD} flex flex-col gap-6`}>
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="grid grid-cols-1 gap-2 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-8">
              <div className={`h-4 w-24 ${bar}`} />
              <div className={`h-9 w-full max-w-sm ${bar}`} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
