import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuthShell } from "@/components/layout/auth-shell";
import { SocialButtons } from "@/components/auth/social-buttons";
import { portalConfig } from "@/lib/config";
import { RegisterForm } from "@/components/auth/register-form";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf } from "@/lib/i18n/routing";
import { registerTitle } from "@/lib/launch/brands";
import { variantPage } from "@/lib/launch/variant-page";
import { ClientMessages } from "@/components/layout/client-messages";
import { SIGN_IN_SCREENS } from "@/lib/i18n/client-namespaces";

/** Rendered once per language and page variant on the first visit, then served from the cache (lib/launch/variant.ts). */
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PageProps<"/[lang]/register/[variant]">): Promise<Metadata> {
  return screenMetadata(localeOf((await params).lang), "register", "register");
}

export default async function RegisterPage({ params }: PageProps<"/[lang]/register/[variant]">) {
  const { lang, variant } = await variantPage(params);
  const t = await getTranslations({ locale: lang, namespace: "register" });
  return (
    <ClientMessages lang={lang} namespaces={SIGN_IN_SCREENS.register}>
      <AuthShell variant={variant} lang={lang}>
        <RegisterForm
          lang={lang}
          title={t("title", { brand: registerTitle(variant.p, lang) })}
          loginHref={variant.loginRegisterSwitch ? `/${lang}/login` : null}
        />
        <SocialButtons lang={lang} providers={portalConfig().socialProviders} visible={variant.social} />
      </AuthShell>
    </ClientMessages>
  );
}
