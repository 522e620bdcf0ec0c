import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/layout/auth-shell";
import { RegisterForm } from "@/components/auth/register-form";
import { SocialButtons } from "@/components/auth/social-buttons";
import { portalConfig } from "@/lib/config";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { registerTitle } from "@/lib/launch/brands";
import { upstreamContext } from "@/lib/session/server";
import { loadVerificationSetup } from "@/lib/upstream/verification";

export async function generateMetadata({ params }: PageProps<"/[lang]/register">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "register", "register");
}

export default async function RegisterPage({ params, searchParams }: PageProps<"/[lang]/register">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const { launch, query, hrefWithR } = await pageLaunch(searchParams);
  const t = await getTranslations({ locale: lang, namespace: "register" });
  const verification = await loadVerificationSetup(await upstreamContext(lang, launch));
  return (
    <AuthShell launch={launch} lang={lang}>
      <RegisterForm
        lang={lang}
        query={query}
        verification={verification}
        title={t("title", { brand: registerTitle(launch.p, lang) })}
        loginHref={launch.showLoginRegisterSwitch ? hrefWithR(`/${lang}/login`) : null}
      />
      <SocialButtons lang={lang} providers={portalConfig().socialProviders} launch={launch} />
    </AuthShell>
  );
}
