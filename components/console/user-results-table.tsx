import Link from "next/link";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";

/** One result as the table shows it, already formatted by the server (status in words, times in the console's zone, "—" for none). */
export type UserResultRow = { id: string; email: string; href: string; enterprise: string | null; nickname: string; status: string; created: string; lastSignIn: string; brand: string };

/**
 * The Users results, for every role: the admins' table (bulk-user-table.tsx) puts a checkbox
 * column before the others through `pick`.
 */
export function UserResultsTable({ rows, pick }: { rows: UserResultRow[]; pick?: { header: ReactNode; cell: (row: UserResultRow) => ReactNode } }) {
  const t = useTranslations("console.users");
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("results")}</caption>
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            {pick ? (
              <th scope="col" className="w-10 px-3 py-2">
                {pick.header}
              </th>
            ) : null}
            <th scope="col" className="px-3 py-2">{t("columns.email")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.nickname")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.status")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.created")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.lastSignIn")}</th>
            <th scope="col" className="px-3 py-2">{t("columns.brand")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="border-t border-gray-100">
              {pick ? <td className="px-3 py-2">{pick.cell(row)}</td> : null}
              <td className="break-all px-3 py-2">
                <Link href={row.href} className="text-primary-strong underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong">
                  {row.email}
                </Link>
                {row.enterprise ? <span className="ml-2 text-xs text-gray-600">({row.enterprise})</span> : null}
              </td>
              <td className="px-3 py-2">{row.nickname}</td>
              <td className="px-3 py-2">{row.status}</td>
              <td className="px-3 py-2">{row.created}</td>
              <td className="px-3 py-2">{row.lastSignIn}</td>
              <td className="px-3 py-2">{row.brand}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
