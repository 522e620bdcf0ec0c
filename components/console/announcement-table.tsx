"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { AnnouncementItem, Page } from "@/lib/contract/console/screens";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageLinks } from "./page-links";
import { ReasonConfirm } from "./reason-confirm";
import type { ActionResult } from "@/lib/session/action-result";

/** The announcements, newest first, with their state; an admin unpublishes a shown one. */
export function AnnouncementTable({
  list,
  canUnpublish,
  onUnpublish,
  previous,
  next,
}: {
  list: Page<AnnouncementItem>;
  canUnpublish: boolean;
  onUnpublish: (id: string, reason: string) => Promise<ActionResult<{ data: null }>>;
  previous: string | null;
  next: string | null;
}) {
  const t = useTranslations("console.messages");
  const common = useTranslations("console.common");
  const locale = useLocale() === "zh" ? "zh" : "en";
  // what this operator unpublished here, over the list as the server last drew it: the list is
  // drawn again after the action (its page is revalidated), and the notice must outlive that, even
  // when another operator's announcement arrived in between (the page keys this table by its page
  // number only: keyed by the items, a newcomer remounted it and the notice was lost)
  const [withdrawn, setWithdrawn] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState(false);
  const items = list.items.map((item) => (withdrawn.has(item.id) ? { ...item, state: "withdrawn" as const } : item));
  return (
    <section aria-labelledby="announcement-list" className="flex flex-col gap-3">
      <h2 id="announcement-list" className="text-lg font-semibold text-gray-900">
        {t("announcements")}
      </h2>
      {notice ? <Alert tone="success">{t("unpublished")}</Alert> : null}
      {items.length === 0 ? <p className="text-sm text-muted">{common("empty")}</p> : null}
      <ul className="flex flex-col divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
            <span className="min-w-0 flex-1 break-words font-medium text-gray-900">{item.title[locale]}</span>
            <span className="tabular-nums text-muted">
              {t("publishedAt")}: {item.publishedAt.slice(0, 10)}
            </span>
            <span>
              {t("state")}: {t(`states.${item.state}`)}
            </span>
            {canUnpublish && item.state === "shown" ? (
              <ReasonConfirm
                trigger={
                  <Button type="button" variant="secondary" className="h-9 px-3">
                    {t("unpublish")}
                  </Button>
                }
                title={t("unpublishTitle")}
                consequence={t("unpublishConsequence")}
                confirmLabel={t("unpublish")}
                onConfirm={(reason) => onUnpublish(item.id, reason)}
                onDone={() => {
                  setNotice(true);
                  setWithdrawn((old) => new Set([...old, item.id]));
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <PageLinks page={list.page} pages={Math.ceil(list.total / list.pageSize)} previous={previous} next={next} />
    </section>
  );
}
