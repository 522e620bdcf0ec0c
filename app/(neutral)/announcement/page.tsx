import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { Announcement } from "@/lib/contract/messages";
import type { Locale } from "@/lib/i18n/routing";
import { announcementsForPage } from "@/lib/upstream/announcements";
import { AnnouncementView, type AnnouncementLabels } from "@/components/announcements/announcement-view";
import { AnnouncementsFallback } from "@/components/announcements/announcements-fallback";
import { NeutralPage } from "@/components/neutral/neutral-page";
import { neutralLabels } from "@/components/neutral/labels";

/**
 * /announcement (SPEC §2, public): static and cacheable, the same HTML for every visitor, with
 * the announcements in both languages; the browser shows the visitor's. Operators publish with
 * `npm run cli -- announcement:publish`; the page is regenerated at most every 30 seconds
 * (incremental static regeneration), so a new one shows within about half a minute.
 */
export const revalidate = 30;
// The read below is uncached (no-store) by design; this keeps the page static anyway, so a
// regeneration does not turn it dynamic (the upstream module is shared with dynamic pages).
export const dynamic = "force-static";

export const metadata: Metadata = { title: "Announcements · 公告", alternates: { canonical: "/announcement" } };

async function labelsFor(lang: Locale): Promise<AnnouncementLabels> {
  const t = await getTranslations({ locale: lang, namespace: "announcement" });
  // the dates are filled in where the list is drawn (server or browser)
  return { title: t("title"), intro: t("intro"), empty: t("empty"), published: t("published", { date: "{date}" }), until: t("until", { date: "{date}" }) };
}

function view(lang: Locale, list: Announcement[] | null, labels: AnnouncementLabels) {
  return list ? <AnnouncementView lang={lang} list={list} labels={labels} /> : <AnnouncementsFallback lang={lang} labels={labels} />;
}

export default async function AnnouncementPage() {
  const [list, en, zh, switchLabels] = await Promise.all([announcementsForPage(), labelsFor("en"), labelsFor("zh"), neutralLabels()]);
  return <NeutralPage content={{ en: view("en", list, en), zh: view("zh", list, zh) }} {...switchLabels} />;
}
