import { getTranslations, setRequestLocale } from "next-intl/server";
import { portalConfig } from "@/lib/config";
import { userSearchQuery } from "@/lib/contract/console/users";
import { localeOf } from "@/lib/i18n/routing";
import { firstField } from "@/lib/console/format";
import { requireOperator } from "@/lib/console/session";
import { searchUsers } from "@/lib/upstream/console";
import { listBulkJobs } from "@/lib/upstream/console-bulk";
import { roleAllows } from "@/lib/contract/console/roles";
import { isUpstreamError } from "@/lib/upstream/errors";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { UserSearch } from "@/components/console/user-search";
import { consoleMetadata } from "@/lib/console/metadata";

export const generateMetadata = consoleMetadata("users");

/** Users: search and the results (docs/operators.md). Bad input is named, not sent. */
export default async function ConsoleUsersPage({ params, searchParams }: PageProps<"/[lang]/console/users">) {
  const { lang: raw } = await params;
  const lang = localeOf(raw);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "users");
  const base = portalConfig().consoleBasePath;
  if (!access.ok) return <ConsoleShell lang={lang} base={base} operator={access.operator} current="users"><NotForYourRole lang={lang} /></ConsoleShell>;
  const t = await getTranslations({ locale: lang, namespace: "console" });
  const given = Object.fromEntries(Object.entries(await searchParams).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
  const parsed = userSearchQuery.safeParse(given);
  const query = parsed.success ? parsed.data : userSearchQuery.parse({});
  let result = null;
  let error: string | null = parsed.success ? null : t(`fields.${firstField(parsed.error.issues) as "q"}`);
  if (parsed.success) {
    try {
      result = await searchUsers(access.ctx, query);
    } catch (failure) {
      if (!isUpstreamError(failure) || failure.httpStatus >= 500) throw failure;
      error = t("users.badSearch");
    }
  }
  // bulk work is for admins (docs/operators.md "Bulk jobs"): the others see the plain results
  const bulkJobs = roleAllows(access.operator.role, "admin") ? (await listBulkJobs(access.ctx)).jobs : null;
  return (
    <ConsoleShell lang={lang} base={base} operator={access.operator} current="users">
      <UserSearch lang={lang} base={base} query={parsed.success ? query : { ...query, q: "" }} result={result} error={error} bulkJobs={bulkJobs} />
    </ConsoleShell>
  );
}
