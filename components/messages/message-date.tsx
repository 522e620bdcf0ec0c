"use client";

import { useTranslations } from "next-intl";
import { format } from "date-fns";
import { useHydrated } from "@/components/ui/use-hydrated";

/**
 * A message's date as SPEC §9 shows it: YYYY-MM-DD, or 'Yesterday' for yesterday's, both in the
 * browser's time zone (the user's "yesterday"); the server's HTML leaves the text empty.
 */
export function messageDateLabel(iso: string, yesterdayLabel: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const isYesterday = date.getFullYear() === yesterday.getFullYear() && date.getMonth() === yesterday.getMonth() && date.getDate() === yesterday.getDate();
  return isYesterday ? yesterdayLabel : format(date, "yyyy-MM-dd");
}

export function MessageDate({ iso }: { iso: string }) {
  const t = useTranslations("messageCentre");
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? messageDateLabel(iso, t("yesterday")) : ""}</time>;
}
