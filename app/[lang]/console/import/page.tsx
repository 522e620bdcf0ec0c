import { getTranslations, setRequestLocale } from "next-intl/server";
import { portalConfig } from "@/lib/config";
import { localeOf } from "@/lib/i18n/routing";
import { requireOperator } from "@/lib/console/session";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { consoleMetadata } from "@/lib/console/metadata";
import { UserImport } from "@/components/console/user-import";

export const generateMetadata = consoleMetadata("import");

/** Import users (admins only): upload, the dry run's report, then the run (docs/import-export.md). */
export default async function ConsoleImportPage({ params }: PageProps<"/[lang]/console/import">) {
  const lang = localeOf((await params).lang);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "import");
  const shell = { lang, base: portalConfig().consoleBasePath, operator: access.operator, current: "import" };
  if (!access.ok) return <ConsoleShell {...shell}><NotForYourRole lang={lang} /></ConsoleShell>;
  const t = await getTranslations({ locale: lang, namespace: "console.transfer" });
  return (
    <ConsoleShell {...shell}>
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-semibold text-gray-900">{t("importTitle")}</h1>
        <p className="text-sm text-gray-700">{t("importIntro")}</p>
        <UserImport uploadUrl="/api/console/users/import" lang={lang} />
      </div>
    </ConsoleShell>
  );
}
