import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import { consoleHome, signedInOperator } from "@/lib/console/session";
import { OperatorSignInForm } from "@/components/console/sign-in-form";
import { LanguageSelect } from "@/components/layout/language-select";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("signIn");

/** Operator sign-in; a signed-in operator goes on to the users screen. */
export default async function ConsoleSignInPage({ params }: PageProps<"/[lang]/console">) {
  const { lang: raw } = await params;
  const lang = localeOf(raw);
  setRequestLocale(lang);
  if (await signedInOperator(lang)) redirect(`${consoleHome(lang)}/users`);
  const t = await getTranslations({ locale: lang, namespace: "console.signIn" });
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-sm rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
        <div className="mb-4 flex items-start justify-between gap-2">
          <h1 className="text-xl font-semibold text-gray-900">{t("title")}</h1>
          <LanguageSelect />
        </div>
        <p className="mb-4 text-sm text-gray-700">{t("intro")}</p>
        <OperatorSignInForm lang={lang} />
      </div>
    </main>
  );
}
