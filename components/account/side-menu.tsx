"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { clsx } from "clsx";
import { useLaunchQuery } from "./use-launch-query";
import { useBusinessArea } from "./use-business-area";

type Entry = { key: "settings" | "businessSettings"; path: string; home: string };

const consumerEntries: Entry[] = [{ key: "settings", path: "profile/settings", home: "profile" }];
const businessEntries: Entry[] = [{ key: "businessSettings", path: "profile-business/profile-settings", home: "profile-business" }];

/** The user-centre side menu (SPEC §2): the business entries for enterprise users; it grows as features land. */
export function SideMenu({ lang }: { lang: string }) {
  const t = useTranslations("menu");
  const pathname = usePathname();
  const query = useLaunchQuery();
  const entries = useBusinessArea() ? businessEntries : consumerEntries;
  return (
    <nav aria-label={t("label")} className="md:w-56 md:shrink-0">
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {entries.map((entry) => {
          const href = `/${lang}/${entry.path}`;
          const active = pathname === href || pathname === `/${lang}/${entry.home}`;
          return (
            <li key={entry.key}>
              <Link
                href={query ? `${href}?${query}` : href}
                aria-current={active ? "page" : undefined}
                className={clsx(
                  "block whitespace-nowrap rounded-lg px-3 py-2 text-sm",
                  active ? "bg-green-50 font-semibold text-primary-strong" : "text-gray-700 hover:bg-gray-50",
                )}
              >
                {t(entry.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
