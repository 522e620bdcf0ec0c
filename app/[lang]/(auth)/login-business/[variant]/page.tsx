import type { Metadata } from "next";
import { AuthShell } from "@/components/layout/auth-shell";
import { EnterpriseLoginForm } from "@/components/auth/enterprise-login-form";
import { ExpiredNotice } from "@/components/auth/expired-notice";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf } from "@/lib/i18n/routing";
import { variantPage } from "@/lib/launch/variant-page";
import { ClientMessages } from "@/components/layout/client-messages";
import { SIGN_IN_SCREENS } from "@/lib/i18n/client-namespaces";

/** Rendered once per language and page variant on the first visit, then served from the cache (lib/launch/variant.ts). */
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PageProps<"/[lang]/login-business/[variant]">): Promise<Metadata> {
  return screenMetadata(localeOf((await params).lang), "loginBusiness", "login-business");
}

/** Enterprise login (SPEC §1, §2): business account ID, enterprise email and password. */
export default async function EnterpriseLoginPage({ params }: PageProps<"/[lang]/login-business/[variant]">) {
  const { lang, variant } = await variantPage(params);
  return (
    <ClientMessages lang={lang} namespaces={SIGN_IN_SCREENS.loginBusiness}>
      <AuthShell variant={variant} lang={lang}>
        <ExpiredNotice />
        <EnterpriseLoginForm lang={lang} personalHref={`/${lang}/login`} />
      </AuthShell>
    </ClientMessages>
  );
}
