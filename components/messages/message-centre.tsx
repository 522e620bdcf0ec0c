"use client";

import { useState, type CSSProperties } from "react";
import { useTranslations } from "next-intl";
import { useSWRConfig } from "swr";
import { MESSAGE_CATEGORIES, isMessageCategory, type MessageCategory, type UnreadCounts } from "@/lib/contract/message-rules";
import type { Locale } from "@/lib/i18n/routing";
import type { MessageOptions } from "@/lib/launch/message-options";
import type { PageRef } from "@/lib/session/action-result";
import type { MessageCentreData } from "@/lib/loaders/messages";
import { useLaunchQuery } from "@/components/account/use-launch-query";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { countsKey } from "./keys";
import { MessageSettingsSection } from "./message-settings";
import { MessageTab } from "./message-tab";
import { useUnreadCounts } from "./use-unread-counts";

type Props = { page: PageRef; contentLang: Locale; appName: string; options: MessageOptions; data: MessageCentreData };

/**
 * The message centre: a tab per category with its unread count, the messages of the open tab,
 * and the settings. The counts are shared with the side menu's badge (one SWR key), so reading
 * a message here updates both at once; they also refresh on their own.
 */
export function MessageCentre({ page, contentLang, appName, options, data }: Props) {
  const t = useTranslations("messageCentre");
  const { mutate } = useSWRConfig();
  const launch = useLaunchQuery();
  const [tab, setTab] = useState<MessageCategory>(MESSAGE_CATEGORIES[0]);
  const { data: counts } = useUnreadCounts(page.lang, data.counts.data);
  const accent = { "--message-accent": options.color ?? "var(--color-primary-strong)" } as CSSProperties;

  function updateCounts(next: UnreadCounts) {
    void mutate(countsKey(page.lang, launch), next, { revalidate: false });
  }

  return (
    <div className="flex flex-col gap-4" style={accent}>
      <header className="px-1">
        <h1 className="text-xl font-semibold text-gray-900">{t("title")}</h1>
        <p className="mt-1 text-sm text-muted">{t("intro")}</p>
      </header>
      <section aria-labelledby="message-list-title" className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6">
        <h2 id="message-list-title" className="sr-only">
          {t("listTitle")}
        </h2>
        <Tabs value={tab} onValueChange={(value) => isMessageCategory(value) && setTab(value)}>
          <TabsList aria-label={t("listTitle")}>
            {MESSAGE_CATEGORIES.map((category) => {
              const unread = counts?.[category] ?? 0;
              return (
                <TabsTrigger key={category} value={category} className="data-[state=active]:text-(--message-accent)">
                  {t(`tabs.${category}`)}
                  {unread > 0 ? (
                    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-(--message-accent) px-1.5 text-xs font-semibold text-white">
                      <span aria-hidden="true" data-testid={`unread-${category}`}>
                        {unread > 99 ? "99+" : unread}
                      </span>
                      <span className="sr-only">{t("unreadCount", { count: unread })}</span>
                    </span>
                  ) : null}
                </TabsTrigger>
              );
            })}
          </TabsList>
          {MESSAGE_CATEGORIES.map((category) => (
            <TabsContent key={category} value={category} className="mt-4">
              <MessageTab
                category={category}
                page={page}
                contentLang={contentLang}
                sort={options.sort}
                initial={category === MESSAGE_CATEGORIES[0] ? data.list.data : null}
                initialError={category === MESSAGE_CATEGORIES[0] ? data.list.error : null}
                unread={counts?.[category] ?? 0}
                emptyDataImg={options.emptyDataImg}
                onCounts={updateCounts}
              />
            </TabsContent>
          ))}
        </Tabs>
      </section>
      <MessageSettingsSection page={page} appName={appName} initial={data.settings.data} initialError={data.settings.error} />
    </div>
  );
}
