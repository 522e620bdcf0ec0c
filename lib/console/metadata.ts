import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import type en from "@/messages/en.json";

type ConsoleScreen = keyof (typeof en)["console"]["nav"] | "signIn";

/**
 * A console screen's tab title, "Users · Console" (the root layout adds "| Passport"), in the
 * screen's language, so an operator with several tabs open tells them apart.
 */
export function consoleMetadata(screen: ConsoleScreen) {
  return async ({ params }: { params: Promise<{ lang: string }> }): Promise<Metadata> => {
    const lang = localeOf((await params).lang);
    const t = await getTranslations({ locale: lang, namespace: "console" });
    const name = screen === "signIn" ? t("signIn.title") : t(`nav.${screen}`);
    return { title: t("shell.pageTitle", { screen: name }) };
  };
}
