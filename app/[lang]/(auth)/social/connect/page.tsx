import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/layout/auth-shell";
import { ConnectScreen } from "@/components/social/connect-screen";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { DEFAULT_VARIANT } from "@/lib/launch/variant";
import { ClientMessages } from "@/components/layout/client-messages";
import { SIGN_IN_SCREENS } from "@/lib/i18n/client-namespaces";

/**
 * The account-connection screen of a social sign-in (SPEC §2, route not shown there). Public
 * and static: what it shows is asked for by its script (/api/social/link).
 */
export async function generateMetadata({ params }: PageProps<"/[lang]/social/connect">): Promise<Metadata> {
  const lang = localeOf((await params).lang);
  const t = await getTranslations({ locale: lang, namespace: "social.connect" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function SocialConnectPage({ params }: PageProps<"/[lang]/social/connect">) {
  const lang: Locale = localeOf((await params).lang);
  setRequestLocale(lang);
  return (
    <ClientMessages lang={lang} namespaces={SIGN_IN_SCREENS.socialConnect}>
      <AuthShell variant={DEFAULT_VARIANT} lang={lang}>
        <ConnectScreen lang={lang} />
      </AuthShell>
    </ClientMessages>
  );
}
