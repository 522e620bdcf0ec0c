"use client";

import { useLocale, useTranslations } from "next-intl";
import type { ActivityItem } from "@/lib/contract/activity";
import { BRANDS, brandCodeOf } from "@/lib/launch/brands";
import { useProviderName } from "@/components/social/provider-name";
import { DisownButton } from "./disown-button";
import { LocalTime } from "./local-time";
import type { SecurityPageRef } from "./page-ref";
import { Badge } from "./section";

/**
 * The security activity's rows (GET /v1/user/security/activity), newest first: what happened,
 * when in the viewer's time zone (filled in by the browser, which knows it), where, on what device
 * and through which app. Support's doings say so, never who. One card per event at every width:
 * nothing to scroll sideways on a phone. Each sign-in and security change offers "This wasn't me"
 * (DisownButton); one the user disowned says so instead.
 */
export function ActivityList({ items, page }: { items: ActivityItem[]; page: SecurityPageRef }) {
  const t = useTranslations("security.activity");
  if (items.length === 0) return <p className="text-sm text-muted">{t("empty")}</p>;
  return (
    <ol className="flex flex-col gap-3" aria-label={t("listLabel")}>
      {items.map((item) => (
        <ActivityRow key={item.id} item={item} page={page} />
      ))}
    </ol>
  );
}

function ActivityRow({ item, page }: { item: ActivityItem; page: SecurityPageRef }) {
  const t = useTranslations("security.activity");
  const locale = useLocale();
  const providerName = useProviderName();

  const kind = item.kind === "sign_in" && item.provider ? "sign_in_social" : item.kind;
  const brand = item.application ? brandCodeOf(item.application) : null;
  const brandName = brand ? BRANDS[brand].title[locale] : item.application;
  const application = brandName && item.app ? t("viaApp", { application: brandName, app: item.app }) : (item.app ?? brandName);
  const details: Array<[string, string]> = [];
  if (item.location) details.push([t("place"), item.location]);
  if (item.device) details.push([t("device"), item.device]);
  if (application) details.push([t("application"), application]);

  const event = t(`kinds.${kind}`, { count: item.count, provider: providerName(item.provider) });
  return (
    <li className="rounded-lg border border-gray-200 p-3 text-sm" data-kind={item.kind} data-disowned={item.disowned ? "" : undefined}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-gray-900">{event}</p>
        {item.actor === "support" ? <Badge>{t("bySupport")}</Badge> : null}
      </div>
      <p className="mt-1 text-muted tabular-nums">
        <LocalTime iso={item.at} />
      </p>
      {details.length > 0 ? (
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          {details.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="break-words text-gray-800">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {item.disowned ? (
        <p className="mt-2">
          <Badge>{t("disowned")}</Badge>
        </p>
      ) : item.disownable ? (
        <div className="mt-2">
          <DisownButton id={item.id} event={event} page={page} />
        </div>
      ) : null}
    </li>
  );
}
