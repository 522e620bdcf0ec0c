import names from "./data/subdivision-names-zh.json";

/**
 * Chinese names of subdivisions outside the Chinese-speaking countries (US states, Japanese
 * prefectures, German Länder …), keyed by ISO 3166-2 code ("US-CA" → "加利福尼亚州").
 *
 * The table (data/subdivision-names-zh.json, ~3 900 names, ~0.1 MB) is derived from the zh table
 * of the npm package iso3166-2-db 2.3.11 (MIT; names from Wikipedia and OpenStreetMap): that
 * package installs at 283 MB, so only the names are kept here; docs/decisions.md says how to
 * derive them again. CLDR was weighed first: its zh subdivision names cover three regions of the
 * United Kingdom and nothing else. A code the table does not have has no Chinese name, and
 * callers show the English one.
 */
const table: Readonly<Record<string, string>> = names;

/** The Chinese name of an ISO 3166-2 code, or null. */
export async function chineseSubdivisionName(code: string): Promise<string | null> {
  return table[code.toUpperCase()] ?? null;
}
