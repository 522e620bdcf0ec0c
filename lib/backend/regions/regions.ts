import type { RegionItem } from "@/lib/contract/user";
import type { Lang } from "../lang";
import { countryAlpha2, countryName } from "./countries";
import { regionIdFromCode } from "./region-ids";
import { sortByName } from "./sort-by-name";
import { loadSubdivisions } from "./subdivision-dataset";

/**
 * Regions for `GET /v1/region/country/{id}/states`, validation of `PATCH /v1/user/country`
 * and the profile's "country/region" text. Ids: region-ids.ts.
 */
type Region = { id: number; nameEn: string; nameZh: string | null };

async function regionsOf(countryId: number): Promise<Map<number, Region> | null> {
  const alpha2 = countryAlpha2(countryId);
  if (!alpha2) return null;
  const regions = new Map<number, Region>();
  for (const subdivision of await loadSubdivisions(alpha2)) {
    const id = regionIdFromCode(subdivision.code);
    // A code listed twice (or one that is no ISO 3166-2 code) would make ids ambiguous: the first wins.
    if (id !== null && !regions.has(id)) regions.set(id, { id, nameEn: subdivision.nameEn, nameZh: subdivision.nameZh });
  }
  return regions;
}

function nameIn(region: Region, lang: Lang): string {
  return lang === "zh" ? (region.nameZh ?? region.nameEn) : region.nameEn;
}

/** The country's regions sorted by name; [] when it has none; null for an unknown country. */
export async function listRegions(countryId: number, lang: Lang): Promise<RegionItem[] | null> {
  const regions = await regionsOf(countryId);
  if (!regions) return null;
  return sortByName(
    [...regions.values()].map((region) => ({ id: region.id, name: nameIn(region, lang) })),
    lang,
  );
}

export async function isValidRegion(countryId: number, regionId: number): Promise<boolean> {
  const regions = await regionsOf(countryId);
  return regions?.has(regionId) ?? false;
}

/**
 * "country/region" as the profile shows it ("中国/广东省"), or the country alone when the
 * region is null or not one of the country's; null for an unknown country.
 */
export async function formatCountryRegion(countryId: number, regionId: number | null, lang: Lang): Promise<string | null> {
  const country = countryName(countryId, lang);
  if (!country) return null;
  if (regionId === null) return country;
  const region = (await regionsOf(countryId))?.get(regionId);
  return region ? `${country}/${nameIn(region, lang)}` : country;
}
