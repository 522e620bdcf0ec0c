import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { getTranslations } from "next-intl/server";
import { SocialCallback } from "@/components/social/social-callback";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { ClientMessages } from "@/components/layout/client-messages";
import { SIGN_IN_SCREENS } from "@/lib/i18n/client-namespaces";

/**
 * /{lang}/authcb (SPEC §2): the end of a social round trip. Static: the query (which may hold a
 * session token) is read by the page's script, taken out of the address at once, and handed to
 * a server action; no referrer ever carries it on.
 */
export async function generateMetadata({ params }: PageProps<"/[lang]/authcb">): Promise<Metadata> {
  const lang = localeOf((await params).lang);
  const t = await getTranslations({ locale: lang, namespace: "social.callback" });
  return { title: t("title"), referrer: "no-referrer", robots: { index: false, follow: false } };
}

export default async function AuthCallbackPage({ params }: PageProps<"/[lang]/authcb">) {
  const lang: Locale = localeOf((await params).lang);
  setRequestLocale(lang);
  return (
    <ClientMessages lang={lang} namespaces={SIGN_IN_SCREENS.authCallback}>
      <main id="main" className="flex min-h-dvh items-center justify-center px-6">
        <SocialCallback lang={lang} />
      </main>
    </ClientMessages>
  );
}
