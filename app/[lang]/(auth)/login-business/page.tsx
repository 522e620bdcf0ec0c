import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/layout/auth-shell";
import { EnterpriseLoginForm } from "@/components/auth/enterprise-login-form";
import { ExpiredNotice } from "@/components/auth/expired-notice";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { upstreamContext } from "@/lib/session/server";
import { loadVerificationSetup } from "@/lib/upstream/verification";

export async function generateMetadata({ params }: PageProps<"/[lang]/login-business">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "loginBusiness", "login-business");
}

/** Enterprise login (SPEC §1, §2): business account ID, enterprise email and password. */
export default async function EnterpriseLoginPage({ params, searchParams }: PageProps<"/[lang]/login-business">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const { launch, query, hrefWithR } = await pageLaunch(searchParams);
  const verification = await loadVerificationSetup(await upstreamContext(lang, launch));
  return (
    <AuthShell launch={launch} lang={lang}>
      <ExpiredNotice />
      <EnterpriseLoginForm lang={lang} query={query} verification={verification} personalHref={hrefWithR(`/${lang}/login`)} />
    </AuthShell>
  );
}
