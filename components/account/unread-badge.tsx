"use client";

import { useTranslations } from "next-intl";
import { useUnreadCounts } from "@/components/messages/use-unread-counts";

/** The side menu's badge of unread messages (all tabs) of the page's app; nothing when there are none. */
export function UnreadBadge({ lang }: { lang: string }) {
  const t = useTranslations("menu");
  const { data } = useUnreadCounts(lang);
  const total = data?.total ?? 0;
  if (total < 1) return null;
  return (
    <span className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1.5 text-xs font-semibold text-white">
      <span aria-hidden="true" data-testid="menu-unread">
        {total > 99 ? "99+" : total}
      </span>
      <span className="sr-only">{t("unread", { count: total })}</span>
    </span>
  );
}
