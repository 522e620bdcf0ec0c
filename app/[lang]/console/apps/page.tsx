import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import { portalConfig } from "@/lib/config";
import { requireOperator } from "@/lib/console/session";
import { readConsoleScreen } from "@/lib/console/read-screen";
import { listClients } from "@/lib/upstream/console-screens";
import { disableClientAction, registerClientAction, rotateClientSecretAction, setClientScopesAction } from "@/lib/actions/console/clients";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { ClientList } from "@/components/console/client-list";
import { ClientRegisterForm } from "@/components/console/client-register-form";
import { ConsoleScreen } from "@/components/console/console-screen";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("apps");

/** Apps (admins only): the brand apps that sign users in through the OpenID Provider (docs/oidc.md). */
export default async function AppsPage({ params }: PageProps<"/[lang]/console/apps">) {
  const lang = localeOf((await params).lang);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "apps");
  const shell = { lang, base: portalConfig().consoleBasePath, operator: access.operator, current: "apps" };
  if (!access.ok) return <ConsoleShell {...shell}><NotForYourRole lang={lang} /></ConsoleShell>;
  const read = await readConsoleScreen(() => listClients(access.ctx));
  return (
    <ConsoleShell {...shell}>
      <ConsoleScreen lang={lang} screen="apps" error={read.ok ? null : read.error}>
        <ClientRegisterForm onRegister={registerClientAction.bind(null, lang)} />
        <ClientList items={read.ok ? read.data.items : []} onRotate={rotateClientSecretAction.bind(null, lang)} onScopes={setClientScopesAction.bind(null, lang)} onDisable={disableClientAction.bind(null, lang)} />
      </ConsoleScreen>
    </ConsoleShell>
  );
}
