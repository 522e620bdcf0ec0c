import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import { roleAllows } from "@/lib/contract/admin/roles";
import { portalConfig } from "@/lib/config";
import { requireOperator } from "@/lib/console/session";
import { readOps } from "@/lib/console/ops-page";
import { enterpriseUsers } from "@/lib/upstream/admin-ops";
import { resetEnterprisePasswordAction } from "@/lib/actions/console/ops";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { EnterpriseUsers } from "@/components/admin-ops/enterprise-users";
import { OpsScreen } from "@/components/admin-ops/ops-screen";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("enterprises");

/** One enterprise's users; admins reset a user's password to a new default one. */
export default async function EnterprisePage({ params }: PageProps<"/[lang]/admin/enterprises/[id]">) {
  const { lang: raw, id } = await params;
  const lang = localeOf(raw);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "enterprises");
  const shell = { lang, base: portalConfig().adminBasePath, operator: access.operator, current: "enterprises" };
  if (!access.ok) return <ConsoleShell {...shell}><NotForYourRole lang={lang} /></ConsoleShell>;
  const read = await readOps(() => enterpriseUsers(access.ctx, id));
  return (
    <ConsoleShell {...shell}>
      <OpsScreen lang={lang} screen="enterprises" error={read.ok ? null : read.error}>
        {read.ok ? (
          <EnterpriseUsers
            name={`${read.data.enterprise.name} (${read.data.enterprise.account})`}
            users={read.data.users}
            canReset={roleAllows(access.operator.role, "admin")}
            onReset={resetEnterprisePasswordAction.bind(null, lang, read.data.enterprise.id)}
          />
        ) : null}
      </OpsScreen>
    </ConsoleShell>
  );
}
