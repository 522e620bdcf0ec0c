import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import { portalConfig } from "@/lib/config";
import { requireOperator } from "@/lib/console/session";
import { readOps } from "@/lib/console/ops-page";
import { listClients } from "@/lib/upstream/admin-ops";
import { disableClientAction, registerClientAction, rotateClientSecretAction } from "@/lib/actions/console/clients";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { ClientList } from "@/components/admin-ops/client-list";
import { ClientRegisterForm } from "@/components/admin-ops/client-register-form";
import { OpsScreen } from "@/components/admin-ops/ops-screen";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("apps");

/** Apps (admins only): the brand apps that sign users in through the OpenID Provider (docs/oidc.md). */
export default async function AppsPage({ params }: PageProps<"/[lang]/admin/apps">) {
  const lang = localeOf((await params).lang);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "apps");
  const shell = { lang, base: portalConfig().adminBasePath, operator: access.operator, current: "apps" };
  if (!access.ok) return <ConsoleShell {...shell}><NotForYourRole lang={lang} /></ConsoleShell>;
  const read = await readOps(() => listClients(access.ctx));
  return (
    <ConsoleShell {...shell}>
      <OpsScreen lang={lang} screen="apps" error={read.ok ? null : read.error}>
        <ClientRegisterForm onRegister={registerClientAction.bind(null, lang)} />
        <ClientList items={read.ok ? read.data.items : []} onRotate={rotateClientSecretAction.bind(null, lang)} onDisable={disableClientAction.bind(null, lang)} />
      </OpsScreen>
    </ConsoleShell>
  );
}
