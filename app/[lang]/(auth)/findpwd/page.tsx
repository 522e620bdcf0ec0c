import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/layout/auth-shell";
import { FindPasswordForm } from "@/components/auth/find-password-form";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { upstreamContext } from "@/lib/session/server";
import { loadVerificationSetup } from "@/lib/upstream/verification";

export async function generateMetadata({ params }: PageProps<"/[lang]/findpwd">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "findpwd", "findpwd");
}

/** Find / reset password (SPEC §2): email, human verification, emailed code, new password twice. */
export default async function FindPasswordPage({ params, searchParams }: PageProps<"/[lang]/findpwd">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const { launch, query, hrefWithR } = await pageLaunch(searchParams);
  const verification = await loadVerificationSetup(await upstreamContext(lang, launch));
  return (
    <AuthShell launch={launch} lang={lang}>
      <FindPasswordForm lang={lang} query={query} verification={verification} loginHref={hrefWithR(`/${lang}/login`)} />
    </AuthShell>
  );
}
