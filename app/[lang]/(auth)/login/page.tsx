import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/layout/auth-shell";
import { LoginForm } from "@/components/auth/login-form";
import { ExpiredNotice } from "@/components/auth/expired-notice";
import { AccountDeletedNotice } from "@/components/auth/account-deleted-notice";
import { SocialButtons } from "@/components/auth/social-buttons";
import { SocialErrorNotice } from "@/components/auth/social-error-notice";
import { portalConfig } from "@/lib/config";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { routeRule } from "@/lib/session/routes";
import { upstreamContext } from "@/lib/session/server";
import { loadVerificationSetup } from "@/lib/upstream/verification";

export async function generateMetadata({ params }: PageProps<"/[lang]/login">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "login", "login");
}

export default async function LoginPage({ params, searchParams }: PageProps<"/[lang]/login">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const { launch, query, href, hrefWithR } = await pageLaunch(searchParams);
  const verification = await loadVerificationSetup(await upstreamContext(lang, launch));
  return (
    <AuthShell launch={launch} lang={lang}>
      <ExpiredNotice />
      <AccountDeletedNotice />
      <SocialErrorNotice />
      <LoginForm
        lang={lang}
        query={query}
        verification={verification}
        registerHref={launch.showLoginRegisterSwitch ? hrefWithR(`/${lang}/register`) : null}
        findPasswordHref={routeRule("findpwd") ? href(`/${lang}/findpwd`) : null}
        businessHref={routeRule("login-business") ? hrefWithR(`/${lang}/login-business`) : null}
      />
      <SocialButtons lang={lang} providers={portalConfig().socialProviders} launch={launch} />
    </AuthShell>
  );
}
