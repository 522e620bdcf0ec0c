import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/layout/auth-shell";
import { isKnownProvider } from "@/lib/contract/social-return";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { variantOf } from "@/lib/launch/variant";
import { afterSignInPath } from "@/lib/session/after-sign-in";
import { currentUser } from "@/lib/session/server";
import { ClientMessages } from "@/components/layout/client-messages";
import { SIGN_IN_SCREENS } from "@/lib/i18n/client-namespaces";

/**
 * The social sign-up success screen (SPEC §2, route not shown there): a first social sign-in
 * made the account; the user continues to `r` or the user centre.
 */
export async function generateMetadata({ params }: PageProps<"/[lang]/social/welcome">): Promise<Metadata> {
  const lang = localeOf((await params).lang);
  const t = await getTranslations({ locale: lang, namespace: "social.welcome" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function SocialWelcomePage({ params, searchParams }: PageProps<"/[lang]/social/welcome">) {
  const lang: Locale = localeOf((await params).lang);
  setRequestLocale(lang);
  const { launch, query, href } = await pageLaunch(searchParams);
  const user = await currentUser(lang, launch);
  if (!user) redirect(href(`/${lang}/login`));
  const t = await getTranslations({ locale: lang, namespace: "social" });
  const channel = (await searchParams).c;
  const next = await afterSignInPath(lang, query);
  const provider = typeof channel === "string" && isKnownProvider(channel) ? t(`providers.${channel}`) : t("providers.other");
  return (
    <ClientMessages lang={lang} namespaces={SIGN_IN_SCREENS.socialWelcome}>
      <AuthShell variant={variantOf(launch)} lang={lang}>
        <div className="flex flex-col gap-4">
          <h1 className="text-2xl font-semibold text-gray-900">{t("welcome.title")}</h1>
          <p className="text-sm text-gray-800">{t("welcome.created", { provider })}</p>
          <p className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">{t("welcome.signedInAs", { email: user.email })}</p>
          <p className="text-sm text-muted">{t("welcome.passwordHint")}</p>
          {/* A plain link, not next/link: `r` may be the OpenID Provider's interaction (docs/oidc.md),
              which a prefetch or a client-side fetch would finish before the user's click, leaving the
              click an expired sign-in. */}
          <a
            href={next}
            data-analytics-id="socialWelcomeContinue"
            className="inline-flex h-11 items-center justify-center rounded-lg bg-primary px-4 text-sm font-semibold text-primary-ink hover:bg-primary-hover"
          >
            {t("welcome.continue")}
          </a>
        </div>
      </AuthShell>
    </ClientMessages>
  );
}
