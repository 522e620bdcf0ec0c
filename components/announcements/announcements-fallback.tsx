"use client";

import { useEffect, useState } from "react";
import type { Announcement } from "@/lib/contract/messages";
import type { Locale } from "@/lib/i18n/routing";
import { fetchApi } from "@/lib/session/api-answer";
import { AnnouncementView, type AnnouncementLabels } from "./announcement-view";

let pending: Promise<Announcement[] | null> | null = null;

/** One read per page view, shared by both languages. */
function readAnnouncements(): Promise<Announcement[] | null> {
  pending ??= fetchApi<{ list: Announcement[] }>("/api/announcements").then((answer) => (answer.ok ? answer.data.list : null));
  return pending;
}

/**
 * Used when the static page was made without the announcements (at build time, when the
 * message service is not running): the browser reads them from /api/announcements until the
 * page is regenerated with them.
 */
export function AnnouncementsFallback({ lang, labels }: { lang: Locale; labels: AnnouncementLabels }) {
  const [list, setList] = useState<Announcement[] | null>(null);
  useEffect(() => {
    let live = true;
    void readAnnouncements().then((read) => {
      if (live) setList(read ?? []);
    });
    return () => {
      live = false;
    };
  }, []);
  return <AnnouncementView lang={lang} list={list ?? []} labels={list === null ? { ...labels, empty: "" } : labels} />;
}
