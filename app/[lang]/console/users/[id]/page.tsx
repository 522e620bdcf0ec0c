import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { portalConfig } from "@/lib/config";
import { roleAllows } from "@/lib/contract/console/roles";
import { ErrorCode } from "@/lib/contract/errors";
import { localeOf } from "@/lib/i18n/routing";
import { requireOperator } from "@/lib/console/session";
import { readUser } from "@/lib/upstream/console";
import { isUpstreamError } from "@/lib/upstream/errors";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { UserPage } from "@/components/console/user-page";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("users");

/** One user: what an operator needs to help them, and the actions (docs/operators.md). */
export default async function ConsoleUserPage({ params }: PageProps<"/[lang]/console/users/[id]">) {
  const { lang: raw, id } = await params;
  const lang = localeOf(raw);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "users");
  const base = portalConfig().consoleBasePath;
  if (!access.ok) return <ConsoleShell lang={lang} base={base} operator={access.operator} current="users"><NotForYourRole lang={lang} /></ConsoleShell>;
  if (!/^[0-9a-f-]{36}$/i.test(id)) notFound();
  const detail = await readUser(access.ctx, id).catch((error: unknown) => {
    if (isUpstreamError(error) && (error.code === ErrorCode.accountNotFound || error.code === ErrorCode.invalidParams)) return null;
    throw error;
  });
  if (!detail) notFound();
  return (
    <ConsoleShell lang={lang} base={base} operator={access.operator} current="users">
      <UserPage lang={lang} base={base} detail={detail} canAct={roleAllows(access.operator.role, "support")} canDelete={roleAllows(access.operator.role, "admin")} />
    </ConsoleShell>
  );
}
