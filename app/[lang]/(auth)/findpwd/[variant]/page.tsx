import type { Metadata } from "next";
import { AuthShell } from "@/components/layout/auth-shell";
import { FindPasswordForm } from "@/components/auth/find-password-form";
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

export async function generateMetadata({ params }: PageProps<"/[lang]/findpwd/[variant]">): Promise<Metadata> {
  return screenMetadata(localeOf((await params).lang), "findpwd", "findpwd");
}

/** Find / reset password (SPEC §2): email, human verification, emailed code, new password twice. */
export default async function FindPasswordPage({ params }: PageProps<"/[lang]/findpwd/[variant]">) {
  const { lang, variant } = await variantPage(params);
  return (
    <ClientMessages lang={lang} namespaces={SIGN_IN_SCREENS.findpwd}>
      <AuthShell variant={variant} lang={lang}>
        <FindPasswordForm lang={lang} loginHref={`/${lang}/login`} />
      </AuthShell>
    </ClientMessages>
  );
}
