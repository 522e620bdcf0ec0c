import { getTranslations, setRequestLocale } from "next-intl/server";
import { portalConfig } from "@/lib/config";
import { localeOf } from "@/lib/i18n/routing";
import { requireOperator } from "@/lib/console/session";
import { consoleMetadata } from "@/lib/console/metadata";
import { ConsoleShell } from "@/components/console/console-shell";
import { OwnPasswordForm } from "@/components/console/own-password-form";

export const generateMetadata = consoleMetadata("password");

/** Your password (every operator, viewer to admin): the current one proved, a new one; the other sessions end (docs/operators.md). */
export default async function ConsolePasswordPage({ params }: PageProps<"/[lang]/console/password">) {
  const lang = localeOf((await params).lang);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "password");
  const t = await getTranslations({ locale: lang, namespace: "console.operators" });
  return (
    <ConsoleShell lang={lang} base={portalConfig().consoleBasePath} operator={access.operator} current="password">
      <section aria-labelledby="own-password-title" className="flex max-w-2xl flex-col gap-4">
        <h1 id="own-password-title" className="text-2xl font-semibold text-gray-900">
          {t("ownPasswordTitle")}
        </h1>
        <div className="rounded-lg border border-gray-200 bg-white p-4">
          <OwnPasswordForm lang={lang} />
        </div>
      </section>
    </ConsoleShell>
  );
}
