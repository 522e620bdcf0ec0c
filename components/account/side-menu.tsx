"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { clsx } from "clsx";
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from "react";
import { BUSINESS_SECURITY_PATH, BUSINESS_SETTINGS_PATH, EXCHANGE_PATH, LEARN_MORE_PATH, MESSAGES_PATH, SECURITY_PATH, SETTINGS_PATH, TRAINING_PATH } from "@/lib/session/routes";
import { useLaunchQuery } from "./use-launch-query";
import { useBusinessArea } from "./use-business-area";
import { useTrainingEntry } from "./use-training-entry";
import { UnreadBadge } from "./unread-badge";

type Entry = { key: "settings" | "security" | "businessSettings" | "exchange" | "training" | "messages"; path: string; home?: string };

const consumerEntries: Entry[] = [
  { key: "settings", path: SETTINGS_PATH, home: "profile" },
  { key: "security", path: SECURITY_PATH },
  { key: "exchange", path: EXCHANGE_PATH },
  { key: "training", path: TRAINING_PATH },
  { key: "messages", path: MESSAGES_PATH },
];
const businessEntries: Entry[] = [
  { key: "businessSettings", path: BUSINESS_SETTINGS_PATH, home: "profile-business" },
  { key: "security", path: BUSINESS_SECURITY_PATH },
];

const NEXT_KEYS = new Set(["ArrowDown", "ArrowRight"]);
const PREVIOUS_KEYS = new Set(["ArrowUp", "ArrowLeft"]);

/**
 * Arrow keys move between the entries (Home and End to the ends), besides Tab: the menu is a
 * column on wide screens and a row on narrow ones, so both directions work.
 */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const links = Array.from(event.currentTarget.querySelectorAll<HTMLAnchorElement>("a[href]"));
  const index = links.findIndex((link) => link === document.activeElement);
  if (index < 0) return;
  let next: number | null = null;
  if (NEXT_KEYS.has(event.key)) next = (index + 1) % links.length;
  else if (PREVIOUS_KEYS.has(event.key)) next = (index - 1 + links.length) % links.length;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = links.length - 1;
  if (next === null) return;
  event.preventDefault();
  links[next]?.focus();
}

/** The user-centre side menu (SPEC §2): the business entries for enterprise users; it grows as features land. */
export function SideMenu({ lang }: { lang: string }) {
  const query = useLaunchQuery();
  const business = useBusinessArea();
  const showTraining = useTrainingEntry(lang, query, !business);
  const list = useHeightWhileReading(showTraining);
  return <MenuList lang={lang} query={query} business={business} showTraining={showTraining} list={list} />;
}

/**
 * The menu shows safety training until the services answer, and their answer removes it for an
 * account without a device. On a phone the entries wrap onto rows above the page, so losing one
 * could lose a row and pull the page up under the reader (a layout shift of 0.23 on a phone,
 * by Lighthouse). The list keeps the height it had until the user moves to another page (a
 * change they asked for), where it lets go. Before the browser paints, so nothing is seen to move.
 */
function useHeightWhileReading(showTraining: boolean): RefObject<HTMLUListElement | null> {
  const list = useRef<HTMLUListElement>(null);
  const shownHeight = useRef<number | null>(null);
  const pathname = usePathname();
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    if (showTraining) {
      shownHeight.current = element.offsetHeight;
      return;
    }
    if (shownHeight.current !== null && element.offsetHeight < shownHeight.current) element.style.minHeight = `${shownHeight.current}px`;
    shownHeight.current = null;
  }, [showTraining]);
  useEffect(() => {
    const element = list.current;
    return () => {
      if (element) element.style.minHeight = "";
    };
  }, [pathname]);
  return list;
}

/**
 * The menu as it stands before the page's script has read the address (the layout's Suspense
 * fallback): the same entries in the same places, training shown as SideMenu shows it until the
 * services answer, but not yet links, since a link without the launch query would drop the
 * app's context. Without it the menu arrived after the page and pushed it down or aside (a
 * layout shift Lighthouse counted on every signed-in page).
 */
export function SideMenuPlaceholder({ lang }: { lang: string }) {
  const business = useBusinessArea();
  return <MenuList lang={lang} query={null} business={business} showTraining />;
}

const ENTRY_CLASS = "block whitespace-nowrap rounded-lg border px-3 py-2 text-sm md:border-transparent";
const IDLE_CLASS = "border-gray-200 bg-white text-gray-700 hover:bg-gray-100 md:bg-transparent";

/** The entries; `query` null: the placeholder's, as text in the links' places. */
function MenuList({ lang, query, business, showTraining, list }: { lang: string; query: string | null; business: boolean; showTraining: boolean; list?: RefObject<HTMLUListElement | null> }) {
  const t = useTranslations("menu");
  const pathname = usePathname();
  const entries = business ? businessEntries : consumerEntries.filter((entry) => entry.key !== "training" || showTraining);
  return (
    <nav aria-label={t("label")} className="md:w-56 md:shrink-0">
      {/* a column on wide screens; on a phone the entries wrap onto as many rows as they need, whole */}
      <ul ref={list} className="relative flex flex-wrap gap-1 md:flex-col md:flex-nowrap" onKeyDown={moveFocus}>
        {entries.map((entry) => {
          const href = `/${lang}/${entry.path}`;
          // a screen below an entry (the security activity) keeps that entry marked
          const active = pathname === href || pathname.startsWith(`${href}/`) || (entry.home !== undefined && pathname === `/${lang}/${entry.home}`);
          const className = clsx(ENTRY_CLASS, active ? "border-green-200 bg-green-50 font-semibold text-primary-strong" : IDLE_CLASS);
          return (
            <li key={entry.key}>
              {query === null ? (
                <span className={className}>{t(entry.key)}</span>
              ) : (
                <Link href={query ? `${href}?${query}` : href} aria-current={active ? "page" : undefined} className={className}>
                  {t(entry.key)}
                  {entry.key === "messages" ? <UnreadBadge lang={lang} /> : null}
                </Link>
              )}
            </li>
          );
        })}
        <li>
          {/* SPEC §2: "about" opens the learn-more page as a new page, in this page's language */}
          <a
            href={`${LEARN_MORE_PATH}?lang=${lang}`}
            target="_blank"
            rel="noopener"
            data-analytics-id="learnMore"
            // relative: the hidden "(opens in a new window)" stays inside the link instead of widening the page
            className={clsx("relative", ENTRY_CLASS, IDLE_CLASS)}
          >
            {t("about")}
            <span className="sr-only"> {t("newWindow")}</span>
          </a>
        </li>
      </ul>
    </nav>
  );
}
