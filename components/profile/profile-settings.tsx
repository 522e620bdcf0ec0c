"use client";

import { useTranslations } from "next-intl";
import type { UserFullInfo } from "@/lib/contract/passport";
import type { RegionItem } from "@/lib/contract/user";
import type { Locale } from "@/lib/i18n/routing";
import type { RegionLists } from "@/lib/profile/view";
import { errorMessageKey } from "@/lib/contract/errors";
import { Alert } from "@/components/ui/alert";
import { AvatarEditor } from "./avatar-editor";
import { BirthdayForm } from "./birthday-form";
import { CountryForm } from "./country-form";
import { GenderForm } from "./gender-form";
import { OtherInfoForm } from "./other-info-form";
import { NoticeProvider } from "./page-notice";
import { SettingsRow } from "./settings-row";

type Props = { user: UserFullInfo; avatarSrc: string | null; lists: RegionLists; lang: Locale; query: string };

export const SETTINGS_CARD = "rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6";

/** The page's title and what it is for: also shown while the user's data loads. */
export function SettingsHeading() {
  const t = useTranslations("profile");
  const labels = useTranslations("settings");
  return (
    <div className="mb-6">
      <h1 id="settings-title" className="text-xl font-semibold text-gray-900">
        {labels("title")}
      </h1>
      <p className="mt-1 text-sm text-muted">{t("description")}</p>
    </div>
  );
}

/** The user centre (SPEC §2 settings): the avatar, then each piece of personal information with its own save. */
export function ProfileSettings({ user, avatarSrc, lists, lang, query }: Props) {
  const t = useTranslations("profile");
  const labels = useTranslations("settings");
  const te = useTranslations("errors");
  const page = { lang, query };
  const name = user.nickname || user.email;
  const location = "failed" in lists ? null : countryRegion(user, lists);

  // one notice for the whole page: a save's "saved" or error replaces the one before it
  return (
    <NoticeProvider>
      <div className="flex flex-col gap-6">
        <section aria-labelledby="settings-title" className={SETTINGS_CARD}>
          <SettingsHeading />
          <AvatarEditor page={page} src={avatarSrc} initial={name.slice(0, 1).toUpperCase()}>
            <p className="text-lg font-semibold text-gray-900 [overflow-wrap:anywhere]">{name}</p>
            {user.nickname ? <p className="text-sm text-muted [overflow-wrap:anywhere]">{user.email}</p> : null}
          </AvatarEditor>
        </section>

        <section aria-label={t("details")} className={`${SETTINGS_CARD} divide-y divide-gray-100`}>
          <SettingsRow id="about-title" title={t("about.title")} description={t("about.hint")}>
            <OtherInfoForm page={page} nickname={user.nickname ?? ""} introduction={user.introduction ?? ""} />
          </SettingsRow>
          <SettingsRow id="gender-title" title={labels("gender")}>
            <GenderForm page={page} gender={user.gender} labelledBy="gender-title" />
          </SettingsRow>
          <SettingsRow id="birthday-title" title={labels("birthday")} labelFor="birthday-input">
            <BirthdayForm page={page} birthday={user.birthday} inputId="birthday-input" />
          </SettingsRow>
          <SettingsRow id="location-title" title={labels("countryRegion")} description={location ?? labels("notSet")}>
            {"failed" in lists ? (
              <Alert tone="error">{te(errorMessageKey(lists.failed))}</Alert>
            ) : (
              <CountryForm
                page={page}
                countries={lists.countries}
                country={user.country}
                region={user.region}
                initialRegions={lists.regions}
                labelledBy="location-title"
              />
            )}
          </SettingsRow>
        </section>

        <section aria-labelledby="account-title" className={SETTINGS_CARD}>
          <h2 id="account-title" className="text-base font-semibold text-gray-900">
            {t("account")}
          </h2>
          <dl className="mt-3 divide-y divide-gray-100">
            {[
              { label: labels("email"), value: user.email },
              { label: labels("uid"), value: <code className="break-all text-xs">{user.uid}</code> },
              { label: labels("memberSince"), value: <span className="tabular-nums">{user.createdAt.slice(0, 10)}</span> },
            ].map((row) => (
              <div key={row.label} className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-8">
                <dt className="text-sm text-muted">{row.label}</dt>
                <dd className="min-w-0 text-sm text-gray-900">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </NoticeProvider>
  );
}

/** 'country/region' in the page's language (SPEC §3); just the country when no region is set. */
function countryRegion(user: UserFullInfo, lists: { countries: RegionItem[]; regions: RegionItem[] | null }): string | null {
  const country = lists.countries.find((item) => item.id === user.country)?.name;
  if (!country) return null;
  const region = lists.regions?.find((item) => item.id === user.region)?.name;
  return region ? `${country}/${region}` : country;
}
