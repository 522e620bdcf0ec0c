import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import type { ConsoleErrorKey } from "@/lib/contract/console/screens";
import type { Locale } from "@/lib/i18n/routing";

/** An operations screen's heading, introduction and, when the address was refused, why. */
export async function ConsoleScreen({ lang, screen, error, children }: { lang: Locale; screen: "enterprises" | "codes" | "messages" | "bans" | "analytics" | "apps"; error?: ConsoleErrorKey | null; children: ReactNode }) {
  const t = await getTranslations({ locale: lang, namespace: "console" });
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold text-gray-900">{t(`${screen}.title`)}</h1>
        <p className="mt-1 text-sm text-gray-700">{t(`${screen}.intro`)}</p>
      </header>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {t(`errors.${error}`)}
        </p>
      ) : null}
      {children}
    </div>
  );
}
