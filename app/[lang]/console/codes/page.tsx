import { setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import { roleAllows } from "@/lib/contract/console/roles";
import { portalConfig } from "@/lib/config";
import { consoleHome, requireOperator } from "@/lib/console/session";
import { pageLinks, param, readConsoleScreen } from "@/lib/console/read-screen";
import { listCodeBatches } from "@/lib/upstream/console-screens";
import { createCodeBatchAction, lookupCodeAction, revokeCodeAction } from "@/lib/actions/console/screens";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { CodeBatchForm } from "@/components/console/code-batch-form";
import { CodeBatchTable } from "@/components/console/code-batch-table";
import { CodeLookup } from "@/components/console/code-lookup";
import { ConsoleScreen } from "@/components/console/console-screen";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("codes");

/** Redemption codes: batches and look-up for every operator; admins make batches and revoke codes. */
export default async function CodesPage({ params, searchParams }: PageProps<"/[lang]/console/codes">) {
  const lang = localeOf((await params).lang);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "codes");
  const shell = { lang, base: portalConfig().consoleBasePath, operator: access.operator, current: "codes" };
  if (!access.ok) return <ConsoleShell {...shell}><NotForYourRole lang={lang} /></ConsoleShell>;
  const query = await searchParams;
  const page = param(query.page);
  const read = await readConsoleScreen(() => listCodeBatches(access.ctx, page));
  const list = read.ok ? read.data : { items: [], total: 0, page: 1, pageSize: 20 };
  const path = `${consoleHome(lang)}/codes`;
  const admin = roleAllows(access.operator.role, "admin");
  // a spent or expired download comes back here with ?download=spent
  const error = param(query.download) === "spent" ? "downloadSpent" : read.ok ? null : read.error;
  return (
    <ConsoleShell {...shell}>
      <ConsoleScreen lang={lang} screen="codes" error={error}>
        {admin ? <CodeBatchForm onCreate={createCodeBatchAction.bind(null, lang)} downloadUrl="/api/console/codes/download" /> : null}
        <CodeLookup canRevoke={admin} onLookup={lookupCodeAction.bind(null, lang)} onRevoke={revokeCodeAction.bind(null, lang)} />
        <CodeBatchTable list={list} {...pageLinks(path, {}, list)} />
      </ConsoleScreen>
    </ConsoleShell>
  );
}
