import type { Lang } from "../lang";

/**
 * Lists are sorted the way a reader of the language expects: English alphabetically ignoring
 * accents' weight ("Åland" near "Aland"), Chinese by pinyin (ICU's zh collation), which is
 * how Chinese sites order provinces and countries.
 */
const collators: Record<Lang, Intl.Collator> = {
  en: new Intl.Collator("en", { sensitivity: "base" }),
  zh: new Intl.Collator("zh"),
};

export function sortByName<T extends { name: string; id: number }>(items: readonly T[], lang: Lang): T[] {
  const collator = collators[lang];
  // The id breaks ties, so equal names always come out in the same order.
  return [...items].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
}
