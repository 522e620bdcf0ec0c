import type { Lang } from "../lang";
import { countryNameByAlpha2 } from "../regions/countries";
import { isSpecialAddress, parseAddress } from "./special-addresses";

/**
 * "City, Region, Country" of an IP address for the login log, from geoip-lite's offline copy of
 * the GeoLite database (no lookup leaves the machine). The database gives city names in English
 * and the region as its ISO 3166-2 code ("Hangzhou, ZJ, China"; US states read naturally:
 * "Mountain View, CA"); the country name is localised.
 *
 * geoip-lite holds its whole database in memory (~150 MB, ~150 ms to read), so it is loaded
 * on the first lookup, not when this module is imported. Deployments must not run its update
 * script: the data that ships in the package is used as it is.
 */
type GeoRecord = { country: string; region: string; city: string };
type GeoLookup = { lookup(ip: string): GeoRecord | null };

let database: GeoLookup | null = null;

function geoip(): GeoLookup {
  // A synchronous require keeps locateIp synchronous while still loading the data on first use.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  database ??= require("geoip-lite") as GeoLookup;
  return database;
}

export type IpPlace = { city: string | null; region: string | null; country: string };

/** City, region code and ISO 3166-1 alpha-2 country of a public address; null when unknown. */
export function lookupIpPlace(ip: string | null): IpPlace | null {
  if (!ip) return null;
  const parsed = parseAddress(ip);
  if (!parsed || isSpecialAddress(parsed)) return null;
  const found = geoip().lookup(parsed.address);
  // Ranges the database knows but cannot place (anycast such as 1.1.1.1) come back with an empty country.
  if (!found || !found.country) return null;
  return { city: found.city || null, region: found.region || null, country: found.country };
}

export function locateIp(ip: string | null, lang: Lang): string | null {
  const place = lookupIpPlace(ip);
  if (!place) return null;
  const country = countryNameByAlpha2(place.country, lang) ?? place.country;
  return [place.city, place.region, country].filter((part): part is string => Boolean(part)).join(", ");
}
