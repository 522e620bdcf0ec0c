import countries from "i18n-iso-countries";
import english from "i18n-iso-countries/langs/en.json";
import chinese from "i18n-iso-countries/langs/zh.json";
import type { RegionItem } from "@/lib/contract/user";
import type { Lang } from "../lang";
import { sortByName } from "./sort-by-name";

/**
 * Countries for `GET /v1/region/country`: every ISO 3166-1 country that i18n-iso-countries
 * knows, with its English or Chinese name. The id is the ISO 3166-1 numeric code (156 China,
 * 840 United States): a standard, stable number that other systems understand too.
 * English names are the package's official ones ("United States of America").
 */
countries.registerLocale(english);
countries.registerLocale(chinese);

type Country = { id: number; alpha2: string };
type CountryIndex = { all: readonly Country[]; byId: ReadonlyMap<number, Country> };

let cached: CountryIndex | null = null;

function index(): CountryIndex {
  if (!cached) {
    const all = Object.entries(countries.getNumericCodes()).map(([numeric, alpha2]) => ({ id: Number.parseInt(numeric, 10), alpha2 }));
    cached = { all, byId: new Map(all.map((country) => [country.id, country])) };
  }
  return cached;
}

/** The country's name in the language, by ISO 3166-1 alpha-2 code; null for an unknown code. */
export function countryNameByAlpha2(alpha2: string, lang: Lang): string | null {
  return countries.getName(alpha2.toUpperCase(), lang, { select: "official" }) ?? null;
}

export function isValidCountry(countryId: number): boolean {
  return index().byId.has(countryId);
}

/** ISO 3166-1 alpha-2 code of a country id (840 → "US"); null when unknown. */
export function countryAlpha2(countryId: number): string | null {
  return index().byId.get(countryId)?.alpha2 ?? null;
}

/** ISO 3166-1 numeric code of an alpha-2 code ("US" → 840); null when unknown. */
export function countryIdByAlpha2(alpha2: string): number | null {
  const numeric = countries.alpha2ToNumeric(alpha2.toUpperCase());
  return numeric ? Number.parseInt(numeric, 10) : null;
}

export function countryName(countryId: number, lang: Lang): string | null {
  const alpha2 = countryAlpha2(countryId);
  return alpha2 ? countryNameByAlpha2(alpha2, lang) : null;
}

export function listCountries(lang: Lang): RegionItem[] {
  const items = index().all.flatMap((country) => {
    const name = countryNameByAlpha2(country.alpha2, lang);
    return name ? [{ id: country.id, name }] : [];
  });
  return sortByName(items, lang);
}
