import type { Metadata } from "next";
import { AuthShell } from "@/components/layout/auth-shell";
import { SocialButtons } from "@/components/auth/social-buttons";
import { portalConfig } from "@/lib/config";
import { LoginForm } from "@/components/auth/login-form";
import { ExpiredNotice } from "@/components/auth/expired-notice";
import { AccountDeletedNotice } from "@/components/auth/account-deleted-notice";
import { SocialErrorNotice } from "@/components/auth/social-error-notice";
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

export async function generateMetadata({ params }: PageProps<"/[lang]/login/[variant]">): Promise<Metadata> {
  return screenMetadata(localeOf((await params).lang), "login", "login");
}

export default async function LoginPage({ params }: PageProps<"/[lang]/login/[variant]">) {
  const { lang, variant } = await variantPage(params);
  return (
    <ClientMessages lang={lang} namespaces={SIGN_IN_SCREENS.login}>
      <AuthShell variant={variant} lang={lang}>
        <ExpiredNotice />
        <AccountDeletedNotice />
        <SocialErrorNotice />
        <LoginForm
          lang={lang}
          registerHref={variant.loginRegisterSwitch ? `/${lang}/register` : null}
          findPasswordHref={`/${lang}/findpwd`}
          businessHref={`/${lang}/login-business`}
        />
        <SocialButtons lang={lang} providers={portalConfig().socialProviders} visible={variant.social} />
      </AuthShell>
    </ClientMessages>
  );
}
