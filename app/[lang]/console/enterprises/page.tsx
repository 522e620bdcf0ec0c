import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import { roleAllows } from "@/lib/contract/console/roles";
import { portalConfig } from "@/lib/config";
import { consoleHome, requireOperator } from "@/lib/console/session";
import { pageLinks, param, readConsoleScreen } from "@/lib/console/read-screen";
import { listEnterprises } from "@/lib/upstream/console-screens";
import { createEnterpriseAction } from "@/lib/actions/console/screens";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { EnterpriseCreateForm } from "@/components/console/enterprise-create-form";
import { EnterpriseList } from "@/components/console/enterprise-list";
import { ConsoleScreen } from "@/components/console/console-screen";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("enterprises");

/** Enterprises: search and list for every operator; admins create them (docs/operators.md). */
export default async function EnterprisesPage({ params, searchParams }: PageProps<"/[lang]/console/enterprises">) {
  const lang = localeOf((await params).lang);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "enterprises");
  const base = portalConfig().consoleBasePath;
  const shell = { lang, base, operator: access.operator, current: "enterprises" };
  if (!access.ok) return <ConsoleShell {...shell}><NotForYourRole lang={lang} /></ConsoleShell>;
  const query = await searchParams;
  const q = param(query.q);
  const page = param(query.page);
  const read = await readConsoleScreen(() => listEnterprises(access.ctx, { q, page }));
  const list = read.ok ? read.data : { items: [], total: 0, page: 1, pageSize: 20 };
  const path = `${consoleHome(lang)}/enterprises`;
  const usersHref = Object.fromEntries(list.items.map((item) => [item.id, `${path}/${item.id}`]));
  return (
    <ConsoleShell {...shell}>
      <ConsoleScreen lang={lang} screen="enterprises" error={read.ok ? null : read.error}>
        {roleAllows(access.operator.role, "admin") ? <EnterpriseCreateForm onCreate={createEnterpriseAction.bind(null, lang)} /> : null}
        <EnterpriseList list={list} q={q?.slice(0, 100) ?? ""} usersHref={usersHref} {...pageLinks(path, { q }, list)} />
      </ConsoleScreen>
    </ConsoleShell>
  );
}
