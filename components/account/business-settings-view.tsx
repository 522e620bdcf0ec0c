"use client";

import { useEffect } from "react";
import { useRouter } from "next/navigation";
import type { Locale } from "@/lib/i18n/routing";
import { businessView, businessViewKey } from "@/lib/profile/view";
import { loginPathFor } from "@/lib/session/routes";
import { AnalyticsIdentity } from "@/components/analytics/analytics-identity";
import { BUSINESS_CARD, BusinessHeading, EnterpriseAccount } from "./enterprise-account";
import { useAccountView, ViewPlaceholder, ViewReload, type ViewFailure } from "./account-view";
import { useLaunchQuery } from "./use-launch-query";

/**
 * The enterprise user's account page's content: a static shell whose data comes from
 * /api/profile/business once the page is in the browser (the guard only lets enterprise
 * sessions in; one that is not goes to the enterprise login, as before).
 */
export function BusinessSettingsView({ lang }: { lang: Locale }) {
  const query = useLaunchQuery();
  const router = useRouter();
  const { data, failure, reload } = useAccountView(businessViewKey(lang, query), businessView);
  const enterprise = data?.user.enterpriseUser ?? null;
  const notEnterprise = data !== undefined && enterprise === null;
  useEffect(() => {
    if (notEnterprise) router.replace(`/${lang}/${loginPathFor(true)}${query ? `?${query}` : ""}`);
  }, [notEnterprise, lang, query, router]);
  if (!data || !enterprise) return <BusinessPlaceholder failure={failure} />;
  return (
    <ViewReload value={reload}>
      <AnalyticsIdentity loginId={data.user.uid} />
      <EnterpriseAccount user={data.user} enterprise={enterprise} lang={lang} query={query} />
    </ViewReload>
  );
}

export function BusinessPlaceholder({ failure }: { failure?: ViewFailure }) {
  return <ViewPlaceholder heading={<BusinessHeading />} labelledBy="business-settings-title" failure={failure} className={BUSINESS_CARD} />;
}
