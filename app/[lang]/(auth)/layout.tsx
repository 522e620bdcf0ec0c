import { setRequestLocale } from "next-intl/server";
import { ClientMessages } from "@/components/layout/client-messages";
import { localeOf } from "@/lib/i18n/routing";
import { SIGN_IN_NAMESPACES } from "@/lib/i18n/client-namespaces";

/** The sign-in screens: their client components get the sign-in part of the catalogue only. */
export default async function AuthLayout({ children, params }: LayoutProps<"/[lang]">) {
  const lang = localeOf((await params).lang);
  // static rendering: the language comes from the address, never from the request's headers
  setRequestLocale(lang);
  return (
    <ClientMessages lang={lang} namespaces={SIGN_IN_NAMESPACES}>
      {children}
    </ClientMessages>
  );
}
