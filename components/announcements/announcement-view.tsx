import type { Announcement } from "@/lib/contract/messages";
import type { Locale } from "@/lib/i18n/routing";

/** The announcement page's texts in one language; `published` and `until` hold a `{date}`. */
export type AnnouncementLabels = { title: string; intro: string; empty: string; published: string; until: string };

const withDate = (template: string, iso: string) => template.replace("{date}", iso.slice(0, 10));

/**
 * The announcements in one language. Plain markup, so the static page renders it on the server
 * and its client fallback renders the same; dates are shown in UTC (the page is the same for
 * every visitor).
 */
export function AnnouncementView({
  lang,
  list,
  labels,
  headingLevel = 1,
}: {
  lang: Locale;
  list: Announcement[];
  labels: AnnouncementLabels;
  /** 1 on the announcement page; deeper where another page shows it (the console's preview) */
  headingLevel?: 1 | 3;
}) {
  const Title = headingLevel === 1 ? "h1" : "h3";
  const ItemTitle = headingLevel === 1 ? "h2" : "h4";
  // a landmark on its own page; inside another page (a preview in its own region) a plain block,
  // or it would be a second region named like that page's list of announcements
  const Block = headingLevel === 1 ? "section" : "div";
  return (
    <Block aria-labelledby={headingLevel === 1 ? `announcements-${lang}` : undefined} className="flex flex-col gap-4">
      <header>
        <Title id={`announcements-${lang}`} className="text-2xl font-semibold text-gray-900">
          {labels.title}
        </Title>
        <p className="mt-1 text-sm text-muted">{labels.intro}</p>
      </header>
      {list.length === 0 ? <p className="rounded-xl border border-gray-200 bg-white p-6 text-sm text-muted">{labels.empty}</p> : null}
      {list.map((item) => (
        <article key={item.id} className="rounded-xl border border-gray-200 bg-white p-5 sm:p-6">
          <ItemTitle className="text-base font-semibold text-gray-900">{item.title[lang]}</ItemTitle>
          <p className="mt-1 text-xs text-muted">
            <time dateTime={item.publishedAt}>{withDate(labels.published, item.publishedAt)}</time>
            {item.expiresAt ? ` · ${withDate(labels.until, item.expiresAt)}` : null}
          </p>
          <p className="mt-3 whitespace-pre-line text-sm text-gray-800">{item.body[lang]}</p>
        </article>
      ))}
    </Block>
  );
}
