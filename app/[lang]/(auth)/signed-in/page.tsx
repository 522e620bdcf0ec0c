import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CloseIdpWindow } from "@/components/auth/close-idp-window";
import { AuthShell } from "@/components/layout/auth-shell";
import { ClientMessages } from "@/components/layout/client-messages";
import { SIGN_IN_SCREENS } from "@/lib/i18n/client-namespaces";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { DEFAULT_VARIANT } from "@/lib/launch/variant";
import { SETTINGS_PATH } from "@/lib/session/routes";

/**
 * Where a sign-in ends in the window the browser opened for FedCM: the config's `login_url` is the
 * sign-in page with this page as `r` (lib/backend/oidc/fedcm/config.ts), which every way in
 * follows. Here the user is signed in (the route guard sends anyone else to sign in first) and the
 * browser already knows it (`Set-Login`); the page asks the browser to close the window
 * (`IdentityProvider.close()`), and says so where the browser cannot.
 */
export async function generateMetadata({ params }: PageProps<"/[lang]/signed-in">): Promise<Metadata> {
  const lang = localeOf((await params).lang);
  const t = await getTranslations({ locale: lang, namespace: "idpSignedIn" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function IdpSignedInPage({ params }: PageProps<"/[lang]/signed-in">) {
  const lang: Locale = localeOf((await params).lang);
  setRequestLocale(lang);
  const t = await getTranslations({ locale: lang, namespace: "idpSignedIn" });
  return (
    <ClientMessages lang={lang} namespaces={SIGN_IN_SCREENS.idpSignedIn}>
      <AuthShell variant={DEFAULT_VARIANT} lang={lang}>
        <div className="flex flex-col gap-4">
          <h1 className="text-2xl font-semibold text-gray-900">{t("title")}</h1>
          <p className="text-sm text-gray-800">{t("done")}</p>
          <p className="text-sm">
            <Link href={`/${lang}/${SETTINGS_PATH}`} className="font-medium text-primary-strong underline">
              {t("home")}
            </Link>
          </p>
        </div>
        <CloseIdpWindow />
      </AuthShell>
    </ClientMessages>
  );
}
