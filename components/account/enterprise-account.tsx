"use client";

import { useTranslations } from "next-intl";
import type { UserFullInfo } from "@/lib/contract/passport";
import type { Locale } from "@/lib/i18n/routing";
import { EnterprisePassword } from "./enterprise-password";

type Enterprise = NonNullable<UserFullInfo["enterpriseUser"]>;

export const BUSINESS_CARD = "rounded-xl border border-gray-200 bg-white p-6";

/** The page's title: also shown while the account loads. */
export function BusinessHeading() {
  const t = useTranslations("businessSettings");
  return (
    <h1 id="business-settings-title" className="text-xl font-semibold text-gray-900">
      {t("title")}
    </h1>
  );
}

/** The enterprise account as the services know it (SPEC §3 Account). */
export function EnterpriseAccount({ user, enterprise, lang, query }: { user: UserFullInfo; enterprise: Enterprise; lang: Locale; query: string }) {
  const t = useTranslations("businessSettings");
  const rows = [
    { label: t("account"), value: enterprise.account },
    { label: t("name"), value: enterprise.name },
    { label: t("email"), value: user.email },
    { label: t("uid"), value: <code className="text-xs">{user.uid}</code> },
  ];
  return (
    <section aria-labelledby="business-settings-title" className={BUSINESS_CARD}>
      <BusinessHeading />
      <EnterprisePassword lang={lang} query={query} defaultPassword={enterprise.defaultPassword} />
      <dl className="mt-6 divide-y divide-gray-100">
        {rows.map((row) => (
          <div key={row.label} className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-3">
            <dt className="text-sm text-muted">{row.label}</dt>
            <dd className="text-sm text-gray-900 sm:col-span-2">{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
