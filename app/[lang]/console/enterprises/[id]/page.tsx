import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import { roleAllows } from "@/lib/contract/console/roles";
import { portalConfig } from "@/lib/config";
import { requireOperator } from "@/lib/console/session";
import { readConsoleScreen } from "@/lib/console/read-screen";
import { enterpriseUsers } from "@/lib/upstream/console-screens";
import { resetEnterprisePasswordAction } from "@/lib/actions/console/screens";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { EnterpriseUsers } from "@/components/console/enterprise-users";
import { ConsoleScreen } from "@/components/console/console-screen";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("enterprises");

/** One enterprise's users; admins reset a user's password to a new default one. */
export default async function EnterprisePage({ params }: PageProps<"/[lang]/console/enterprises/[id]">) {
  const { lang: raw, id } = await params;
  const lang = localeOf(raw);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "enterprises");
  const shell = { lang, base: portalConfig().consoleBasePath, operator: access.operator, current: "enterprises" };
  if (!access.ok) return <ConsoleShell {...shell}><NotForYourRole lang={lang} /></ConsoleShell>;
  const read = await readConsoleScreen(() => enterpriseUsers(access.ctx, id));
  return (
    <ConsoleShell {...shell}>
      <ConsoleScreen lang={lang} screen="enterprises" error={read.ok ? null : read.error}>
        {read.ok ? (
          <EnterpriseUsers
            name={`${read.data.enterprise.name} (${read.data.enterprise.account})`}
            users={read.data.users}
            canReset={roleAllows(access.operator.role, "admin")}
            onReset={resetEnterprisePasswordAction.bind(null, lang, read.data.enterprise.id)}
          />
        ) : null}
      </ConsoleScreen>
    </ConsoleShell>
  );
}
