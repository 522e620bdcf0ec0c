import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { Locale } from "@/lib/i18n/routing";
import { pickMessages, type MessagePath } from "@/lib/i18n/client-namespaces";

/**
 * The client components' messages: only the namespaces, parts of namespaces and single messages
 * given (lib/i18n/client-namespaces.ts).
 * The language is passed, not read from the request, so a static page stays static.
 */
export async function ClientMessages({ lang, namespaces, children }: { lang: Locale; namespaces: readonly MessagePath[]; children: ReactNode }) {
  const messages = pickMessages(await getMessages({ locale: lang }), namespaces);
  return (
    <NextIntlClientProvider locale={lang} messages={messages}>
      {children}
    </NextIntlClientProvider>
  );
}
