import { getTranslations, setRequestLocale } from "next-intl/server";
import { portalConfig } from "@/lib/config";
import { USER_STATUSES } from "@/lib/contract/console/users";
import { EXPORT_FORMATS } from "@/lib/contract/console/user-transfer";
import { localeOf } from "@/lib/i18n/routing";
import { consoleHome, requireOperator } from "@/lib/console/session";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { consoleMetadata } from "@/lib/console/metadata";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

export const generateMetadata = consoleMetadata("export");

const SELECT = "rounded border border-gray-300 bg-white px-3 py-2 text-sm";

/** Export users (admins only): a plain download form; the file streams from the services (docs/import-export.md). */
export default async function ConsoleExportPage({ params }: PageProps<"/[lang]/console/export">) {
  const lang = localeOf((await params).lang);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "export");
  const shell = { lang, base: portalConfig().consoleBasePath, operator: access.operator, current: "export" };
  if (!access.ok) return <ConsoleShell {...shell}><NotForYourRole lang={lang} /></ConsoleShell>;
  const t = await getTranslations({ locale: lang, namespace: "console.transfer" });
  return (
    <ConsoleShell {...shell}>
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-semibold text-gray-900">{t("exportTitle")}</h1>
        <p className="text-sm text-gray-700">{t("exportIntro")}</p>
        <form method="get" action={`${consoleHome(lang)}/export/download`} className="grid gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-3">
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-800">
            {t("format")}
            <select name="format" defaultValue="csv" className={SELECT}>
              {EXPORT_FORMATS.map((format) => (
                <option key={format} value={format}>{t(`formats.${format}`)}</option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-gray-800">
            {t("status")}
            <select name="status" defaultValue="" className={SELECT}>
              <option value="">{t("anyStatus")}</option>
              {USER_STATUSES.map((status) => (
                <option key={status} value={status}>{t(`statuses.${status}`)}</option>
              ))}
            </select>
          </label>
          {/* the users search's own fields (by=email: a part of the email); every other filter: the Users screen's Export */}
          <input type="hidden" name="by" value="email" />
          <Field label={t("emailContains")} name="q" maxLength={254} autoComplete="off" spellCheck={false} />
          <div className="sm:col-span-3">
            <Button type="submit">{t("download")}</Button>
          </div>
        </form>
      </div>
    </ConsoleShell>
  );
}
