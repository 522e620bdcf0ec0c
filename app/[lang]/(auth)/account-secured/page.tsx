import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/layout/auth-shell";
import { ClientMessages } from "@/components/layout/client-messages";
import { SIGN_IN_SCREENS } from "@/lib/i18n/client-namespaces";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { DEFAULT_VARIANT } from "@/lib/launch/variant";

/**
 * Where "This wasn't me" ends (docs/security.md): the browser is signed out, and this page says
 * what was done and what to do next. Public and static, no script of its own.
 */
export async function generateMetadata({ params }: PageProps<"/[lang]/account-secured">): Promise<Metadata> {
  const lang = localeOf((await params).lang);
  const t = await getTranslations({ locale: lang, namespace: "accountSecured" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

const linkStyle = "font-medium text-primary-strong underline";

export default async function AccountSecuredPage({ params }: PageProps<"/[lang]/account-secured">) {
  const lang: Locale = localeOf((await params).lang);
  setRequestLocale(lang);
  const t = await getTranslations({ locale: lang, namespace: "accountSecured" });
  return (
    <ClientMessages lang={lang} namespaces={SIGN_IN_SCREENS.accountSecured}>
      <AuthShell variant={DEFAULT_VARIANT} lang={lang}>
        <div className="flex flex-col gap-4">
          <h1 className="text-2xl font-semibold text-gray-900">{t("title")}</h1>
          <p className="text-sm text-gray-800">{t("done")}</p>
          <p className="text-sm text-gray-800">{t("next")}</p>
          <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <Link href={`/${lang}/findpwd`} className={linkStyle}>
              {t("reset")}
            </Link>
            <Link href={`/${lang}/login`} className={linkStyle}>
              {t("signIn")}
            </Link>
          </p>
        </div>
      </AuthShell>
    </ClientMessages>
  );
}
