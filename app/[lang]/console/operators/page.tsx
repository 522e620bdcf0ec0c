import { getTranslations, setRequestLocale } from "next-intl/server";
import { portalConfig } from "@/lib/config";
import { localeOf } from "@/lib/i18n/routing";
import { consoleTime } from "@/lib/console/format";
import { requireOperator } from "@/lib/console/session";
import { listOperators } from "@/lib/upstream/console";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { CreateOperator } from "@/components/console/create-operator";
import { OperatorRowActions } from "@/components/console/operator-row-actions";
import { OperatorSecretReset } from "@/components/console/operator-secret-reset";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("operators");

/** Operators (admins only): who may use the console, with which role (docs/operators.md). */
export default async function ConsoleOperatorsPage({ params }: PageProps<"/[lang]/console/operators">) {
  const { lang: raw } = await params;
  const lang = localeOf(raw);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "operators");
  const base = portalConfig().consoleBasePath;
  if (!access.ok) return <ConsoleShell lang={lang} base={base} operator={access.operator} current="operators"><NotForYourRole lang={lang} /></ConsoleShell>;
  const t = await getTranslations({ locale: lang, namespace: "console.operators" });
  const { list } = await listOperators(access.ctx);
  return (
    <ConsoleShell lang={lang} base={base} operator={access.operator} current="operators">
      <div className="flex flex-col gap-6">
        <h1 className="text-2xl font-semibold text-gray-900">{t("title")}</h1>
        <section aria-labelledby="operators-list" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="operators-list" className="mb-3 text-lg font-semibold">
            {t("list")}
          </h2>
          <ul className="flex flex-col divide-y divide-gray-100">
            {list.map((operator) => (
              <li key={operator.id} className="flex flex-col gap-2 py-3 text-sm">
                <p>
                  <span className="break-all font-medium">{operator.email}</span> · {operator.name} · {t(`roles.${operator.role}`)} · {t(`statuses.${operator.status}`)} · {consoleTime(operator.createdAt, lang)}
                </p>
                {operator.id === access.operator.id ? (
                  <p className="text-gray-600">{t("you")}</p>
                ) : (
                  <>
                    <OperatorRowActions lang={lang} id={operator.id} email={operator.email} role={operator.role} status={operator.status} />
                    <OperatorSecretReset lang={lang} id={operator.id} email={operator.email} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="operators-create" className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 id="operators-create" className="mb-3 text-lg font-semibold">
            {t("createTitle")}
          </h2>
          <CreateOperator lang={lang} />
        </section>
      </div>
    </ConsoleShell>
  );
}
