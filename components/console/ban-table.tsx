"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import type { BanItem, Page } from "@/lib/contract/console/screens";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { lastDay } from "./dates";
import { PageLinks } from "./page-links";
import { ReasonConfirm } from "./reason-confirm";
import type { ActionResult } from "@/lib/session/action-result";

/** The ban list, newest first; support and admin lift a ban (with a reason). */
export function BanTable({
  list,
  added,
  canRemove,
  onRemove,
  previous,
  next,
}: {
  list: Page<BanItem>;
  /** bans added on this page since it loaded, shown first */
  added: BanItem[];
  canRemove: boolean;
  onRemove: (network: string, reason: string) => Promise<ActionResult<{ data: { network: string } }>>;
  previous: string | null;
  next: string | null;
}) {
  const t = useTranslations("console.bans");
  const common = useTranslations("console.common");
  const [removed, setRemoved] = useState<string[]>([]);
  const items = [...added, ...list.items.filter((item) => !added.some((entry) => entry.network === item.network))].filter((item) => !removed.includes(item.network));
  return (
    <section aria-labelledby="ban-list" className="flex flex-col gap-3">
      <h2 id="ban-list" className="text-lg font-semibold text-gray-900">
        {t("list")}
      </h2>
      {removed.length > 0 ? <Alert tone="success">{t("removed", { network: removed[removed.length - 1] ?? "" })}</Alert> : null}
      {items.length === 0 ? <p className="text-sm text-muted">{common("empty")}</p> : null}
      <ul className="flex flex-col divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
        {items.map((ban) => (
          <li key={ban.network} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
            <span className="min-w-0 break-all font-mono font-medium text-gray-900">{ban.network}</span>
            <span className="min-w-0 flex-1 break-words text-gray-700">{ban.reason ?? t("noReason")}</span>
            <span className="tabular-nums text-muted">
              {t("created")}: {ban.createdAt.slice(0, 10)}
            </span>
            <span className="tabular-nums text-muted">
              {t("expires")}: {ban.expiresAt ? lastDay(ban.expiresAt) : t("never")}
            </span>
            <span>{ban.inForce ? t("inForce") : t("expired")}</span>
            {canRemove ? (
              <ReasonConfirm
                trigger={
                  <Button type="button" variant="secondary" className="h-9 px-3" aria-label={`${t("remove")} ${ban.network}`}>
                    {t("remove")}
                  </Button>
                }
                title={t("removeTitle", { network: ban.network })}
                consequence={t("removeConsequence")}
                confirmLabel={t("remove")}
                onConfirm={(reason) => onRemove(ban.network, reason)}
                onDone={(result) => setRemoved((old) => [...old, result.network])}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <PageLinks page={list.page} pages={Math.ceil(list.total / list.pageSize)} previous={previous} next={next} />
    </section>
  );
}
