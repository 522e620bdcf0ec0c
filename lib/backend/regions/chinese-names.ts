import fs from "node:fs/promises";
import path from "node:path";

/**
 * Chinese names of subdivisions outside the Chinese-speaking countries (US states, Japanese
 * prefectures, German Länder …), keyed by ISO 3166-2 code ("US-CA" → "加利福尼亚州"), from
 * iso3166-2-db's zh table (MIT; names from Wikipedia and OpenStreetMap). CLDR was weighed first:
 * its zh subdivision names cover three regions of the United Kingdom and nothing else.
 *
 * Only the one 0.8 MB table is read, from the installed package, on first use; the package stays
 * out of the server bundle (it is large and never imported). A code it does not have (or spells
 * differently) has no Chinese name, and callers show the English one.
 */
type Table = Record<string, { regions?: Array<{ iso?: unknown; name?: unknown }> }>;

let loading: Promise<Map<string, string>> | null = null;

async function load(): Promise<Map<string, string>> {
  const file = path.join(/*turbopackIgnore: true*/ process.cwd(), "node_modules", "iso3166-2-db", "i18n", "zh.json");
  const table = JSON.parse(await fs.readFile(file, "utf8")) as Table;
  const names = new Map<string, string>();
  for (const [country, entry] of Object.entries(table)) {
    for (const region of entry.regions ?? []) {
      if (typeof region.iso === "string" && typeof region.name === "string" && region.name.trim()) {
        names.set(`${country}-${region.iso}`.toUpperCase(), region.name.trim());
      }
    }
  }
  return names;
}

/** The Chinese name of an ISO 3166-2 code, or null. */
export async function chineseSubdivisionName(code: string): Promise<string | null> {
  loading ??= load();
  loading.catch(() => {
    loading = null;
  });
  return (await loading).get(code.toUpperCase()) ?? null;
}
