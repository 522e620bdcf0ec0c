import { notFound } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { portalConfig } from "@/lib/config";
import { roleAllows } from "@/lib/contract/console/roles";
import { ErrorCode } from "@/lib/contract/errors";
import { localeOf } from "@/lib/i18n/routing";
import { requireOperator } from "@/lib/console/session";
import { readUser, readUserActivity } from "@/lib/upstream/console";
import { activityPageNumber } from "@/lib/loaders/security-activity";
import { isUpstreamError } from "@/lib/upstream/errors";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { UserPage } from "@/components/console/user-page";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("users");

/** One user: what an operator needs to help them, and the actions (docs/operators.md). */
const ACTIVITY_PAGE_SIZE = 20;

export default async function ConsoleUserPage({ params, searchParams }: PageProps<"/[lang]/console/users/[id]">) {
  const { lang: raw, id } = await params;
  const activityPage = activityPageNumber((await searchParams).activity);
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
  const activity = await readUserActivity(access.ctx, id, { page: activityPage, pageSize: ACTIVITY_PAGE_SIZE });
  const activityHref = (page: number) => `/${lang}/${base}/users/${id}?activity=${page}#activity`;
  return (
    <ConsoleShell lang={lang} base={base} operator={access.operator} current="users">
      <UserPage lang={lang} base={base} detail={detail} activity={activity} activityHref={activityHref} canAct={roleAllows(access.operator.role, "support")} canDelete={roleAllows(access.operator.role, "admin")} />
    </ConsoleShell>
  );
}
