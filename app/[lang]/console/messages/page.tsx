import { getTranslations, setRequestLocale } from "next-intl/server";
import { localeOf } from "@/lib/i18n/routing";
import { roleAllows } from "@/lib/contract/console/roles";
import { portalConfig } from "@/lib/config";
import { consoleHome, requireOperator } from "@/lib/console/session";
import { pageLinks, param, readConsoleScreen } from "@/lib/console/read-screen";
import { listAnnouncements } from "@/lib/upstream/console-screens";
import { publishAnnouncementAction, sendMessageAction, unpublishAnnouncementAction } from "@/lib/actions/console/screens";
import { ConsoleShell, NotForYourRole } from "@/components/console/console-shell";
import { AnnouncementComposer } from "@/components/console/announcement-composer";
import { AnnouncementTable } from "@/components/console/announcement-table";
import { MessageComposer } from "@/components/console/message-composer";
import { ConsoleScreen } from "@/components/console/console-screen";
import { consoleMetadata } from "@/lib/console/metadata";

async function announcementLabels(locale: "en" | "zh") {
  const t = await getTranslations({ locale, namespace: "announcement" });
  // the view fills in {date} itself (as the announcement page does: t.raw gives the compiled
  // message in a production build, not its text)
  return { title: t("title"), intro: t("intro"), empty: t("empty"), published: t("published", { date: "{date}" }), until: t("until", { date: "{date}" }) };
}

export const generateMetadata = consoleMetadata("messages");

/** Messages (support and admin send) and announcements (admins publish and unpublish). */
export default async function MessagesPage({ params, searchParams }: PageProps<"/[lang]/console/messages">) {
  const lang = localeOf((await params).lang);
  setRequestLocale(lang);
  const access = await requireOperator(lang, "messages");
  const shell = { lang, base: portalConfig().consoleBasePath, operator: access.operator, current: "messages" };
  if (!access.ok) return <ConsoleShell {...shell}><NotForYourRole lang={lang} /></ConsoleShell>;
  const page = param((await searchParams).page);
  const read = await readConsoleScreen(() => listAnnouncements(access.ctx, page));
  const list = read.ok ? read.data : { items: [], total: 0, page: 1, pageSize: 20 };
  const admin = roleAllows(access.operator.role, "admin");
  const pageLabels = { en: await announcementLabels("en"), zh: await announcementLabels("zh") };
  return (
    <ConsoleShell {...shell}>
      <ConsoleScreen lang={lang} screen="messages" error={read.ok ? null : read.error}>
        {roleAllows(access.operator.role, "support") ? <MessageComposer onSend={sendMessageAction.bind(null, lang)} /> : null}
        {admin ? <AnnouncementComposer pageLabels={pageLabels} onPublish={publishAnnouncementAction.bind(null, lang)} /> : null}
        <AnnouncementTable key={list.page} list={list} canUnpublish={admin} onUnpublish={unpublishAnnouncementAction.bind(null, lang)} {...pageLinks(`${consoleHome(lang)}/messages`, {}, list)} />
      </ConsoleScreen>
    </ConsoleShell>
  );
}
