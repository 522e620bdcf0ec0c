import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { BUSINESS_SECURITY_ACTIVITY_PATH, SECURITY_ACTIVITY_PATH } from "@/lib/session/routes";
import type { Locale } from "@/lib/i18n/routing";
import type { SecurityData } from "@/lib/loaders/security";
import { EnterprisePassword } from "@/components/account/enterprise-password";
import { AppsSection } from "./apps-section";
import { DeleteAccountSection } from "./delete-account-section";
import { DeviceSection } from "./device-section";
import { FirstPasswordSection } from "./first-password-section";
import { PasskeysSection } from "./passkeys-section";
import { PasswordSection } from "./password-section";
import { SecuritySection } from "./section";
import { SessionsSection } from "./sessions-section";
import { SocialSection } from "./social-section";
import { TwoStepSection } from "./two-step-section";

type Props = { data: SecurityData; lang: Locale; query: string; business: boolean };

/**
 * Account security (SPEC §2): password, passkeys, two-step sign-in, login logs and sessions, the apps with access, device security, social
 * accounts and, for consumers, deleting the account. Enterprise users change their password
 * with the enterprise call and cannot delete their account: an operator manages it.
 */
export async function SecurityView({ data, lang, query, business }: Props) {
  const t = await getTranslations({ locale: lang, namespace: "security" });
  const page = { lang, query, business };
  const enterprise = data.user.enterpriseUser;
  return (
    <div className="flex flex-col gap-4">
      <header className="px-1">
        <h1 className="text-xl font-semibold text-gray-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-muted">{t("intro")}</p>
        <Link href={`/${lang}/${business ? BUSINESS_SECURITY_ACTIVITY_PATH : SECURITY_ACTIVITY_PATH}${query ? `?${query}` : ""}`} className="mt-2 inline-block text-sm font-medium text-primary-strong underline">
          {t("activity.link")}
        </Link>
      </header>
      {business && enterprise ? (
        <SecuritySection id="password" title={t("password.title")} description={t("password.businessDescription")}>
          <EnterprisePassword lang={lang} query={query} defaultPassword={enterprise.defaultPassword} />
        </SecuritySection>
      ) : data.social.data?.passwordSet === false ? (
        <FirstPasswordSection page={page} email={data.user.email} verification={data.verification} />
      ) : (
        <PasswordSection page={page} />
      )}
      <PasskeysSection page={page} initial={data.passkeys.data} error={data.passkeys.error} upgrade={data.passkeyUpgrade.data?.enabled ?? null} email={data.user.email} verification={data.verification} />
      <TwoStepSection page={page} initial={data.twoStep.data} initialError={data.twoStep.error} email={data.user.email} verification={data.verification} />
      <SessionsSection page={page} initial={data.sessions.data} initialError={data.sessions.error} />
      <AppsSection page={page} initial={data.apps.data?.apps ?? null} error={data.apps.error} />
      <DeviceSection
        page={page}
        initial={data.devices.data}
        initialError={data.devices.error}
        owner={{ email: data.user.email, verification: data.verification }}
      />
      <SocialSection page={page} initial={data.social.data} error={data.social.error} email={data.user.email} verification={data.verification} />
      {business ? (
        <SecuritySection id="delete-account" title={t("delete.title")} description={t("delete.businessNote")} />
      ) : (
        <DeleteAccountSection page={page} email={data.user.email} verification={data.verification} />
      )}
    </div>
  );
}
