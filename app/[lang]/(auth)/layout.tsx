import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";

/**
 * The sign-in screens. Each page hands its client components only its own screen's messages
 * (`SIGN_IN_SCREENS` in lib/i18n/client-namespaces.ts).
 */
export default async function AuthLayout({ children, params }: LayoutProps<"/[lang]">) {
  // static rendering: the language comes from the address, never from the request's headers
  setRequestLocale(localeOf((await params).lang));
  return children;
}
