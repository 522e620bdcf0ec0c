"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { EnterpriseUser } from "@/lib/contract/console/screens";
import { Button } from "@/components/ui/button";
import { OneTimeSecret } from "./one-time-secret";
import { ReasonConfirm } from "./reason-confirm";
import type { ActionResult } from "@/lib/session/action-result";

type Reset = { email: string; password: string };

/** An enterprise's users; an admin may give one a new default password (shown once). */
export function EnterpriseUsers({
  name,
  users,
  canReset,
  onReset,
}: {
  name: string;
  users: EnterpriseUser[];
  canReset: boolean;
  onReset: (userId: string, reason: string) => Promise<ActionResult<{ data: Reset }>>;
}) {
  const t = useTranslations("console.enterprises");
  const [reset, setReset] = useState<Reset | null>(null);
  const [list, setList] = useState(users);
  return (
    <section aria-labelledby="enterprise-users" className="flex flex-col gap-4">
      <h2 id="enterprise-users" className="text-lg font-semibold text-gray-900">
        {t("usersTitle", { name })}
      </h2>
      {reset ? <OneTimeSecret label={t("resetDone", { email: reset.email })} secret={reset.password} /> : null}
      <ul className="flex flex-col divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
        {list.map((user) => (
          <li key={user.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
            <span className="min-w-0 flex-1 break-all font-medium text-gray-900">{user.email}</span>
            <span>
              {t("status")}: {t(`statuses.${user.status === "banned" || user.status === "restricted" ? user.status : "active"}`)}
            </span>
            <span>
              {t("defaultPassword")}: {user.defaultPassword ? t("yes") : t("no")}
            </span>
            <span>
              {t("lastSignIn")}: {user.lastSignIn ? user.lastSignIn.slice(0, 16).replace("T", " ") : t("never")}
            </span>
            {canReset ? (
              <ReasonConfirm
                trigger={
                  <Button type="button" variant="secondary" className="h-9 px-3">
                    {t("reset")}
                  </Button>
                }
                title={t("resetTitle", { email: user.email })}
                consequence={t("resetConsequence")}
                confirmLabel={t("reset")}
                onConfirm={(reason) => onReset(user.id, reason)}
                onDone={(data) => {
                  setReset(data);
                  setList((old) => old.map((item) => (item.id === user.id ? { ...item, defaultPassword: true } : item)));
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
