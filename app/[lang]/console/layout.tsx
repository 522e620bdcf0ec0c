import type { Metadata } from "next";
import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import { CONSOLE_NAMESPACES } from "@/lib/i18n/client-namespaces";
import { ClientMessages } from "@/components/layout/client-messages";

/** The operator console (docs/operators.md): rendered per request, never indexed. */
export const dynamic = "force-dynamic";

// the template again: a layout's plain title would end the root's, and each screen names itself
export const metadata: Metadata = { title: { default: "Console", template: "%s | Passport" }, robots: { index: false, follow: false } };

export default async function ConsoleLayout({ children, params }: LayoutProps<"/[lang]/console">) {
  const { lang: raw } = await params;
  const lang = localeOf(raw);
  setRequestLocale(lang);
  return (
    <ClientMessages lang={lang} namespaces={CONSOLE_NAMESPACES}>
      {children}
    </ClientMessages>
  );
}
