import { getStatesOfCountry } from "@countrystatecity/countries";
import { chineseSubdivisionName } from "./chinese-names";

/**
 * The first-level subdivisions (states, provinces, …) of a country, from the
 * countries-states-cities database as packaged in @countrystatecity/countries (data under
 * ODbL-1.0, which asks for a credit where the lists are shown, e.g. the README). It is the
 * maintained npm dataset here that carries
 * ISO 3166-2 codes for nearly every entry and the Chinese names of China's provinces (its
 * `native` field); see the report of this block for the others that were weighed.
 *
 * The package reads one small JSON file per country on demand; results are kept in memory.
 */
export type Subdivision = {
  /** ISO 3166-2 code, e.g. "CN-GD"; the few entries without one get `<country>-<local code>`. */
  code: string;
  nameEn: string;
  /** Chinese name where a dataset has one (chinese-names.ts), else null (callers fall back to English). */
  nameZh: string | null;
};

/**
 * Countries whose `native` subdivision names are Chinese. Elsewhere `native` is another language
 * (Japanese 愛知 looks Chinese but is not what a Chinese reader calls Aichi), so it is not used.
 */
const CHINESE_NATIVE = new Set(["CN", "TW", "HK", "MO"]);
const HAN = /\p{Script=Han}/u;

const cache = new Map<string, Promise<Subdivision[]>>();
let checked: Promise<void> | null = null;

async function read(alpha2: string): Promise<Subdivision[]> {
  const states = await getStatesOfCountry(alpha2);
  return Promise.all(
    states.map(async (state) => {
      const code = state.iso3166_2 ?? `${alpha2}-${state.iso2}`;
      const native = CHINESE_NATIVE.has(alpha2) && state.native && HAN.test(state.native) ? state.native : null;
      return { code, nameEn: state.name, nameZh: native ?? (await chineseSubdivisionName(code)) };
    }),
  );
}

/**
 * The package answers an unreadable data directory with empty lists, which would look like
 * countries without regions. One known country is read first so a broken install fails loudly
 * (the package must stay outside the server bundle: `serverExternalPackages`).
 */
function ensureReadable(): Promise<void> {
  checked ??= read("US").then((states) => {
    if (states.length === 0) {
      checked = null;
      throw new Error("@countrystatecity/countries returned no data; is it in serverExternalPackages?");
    }
  });
  return checked;
}

export async function loadSubdivisions(alpha2: string): Promise<Subdivision[]> {
  await ensureReadable();
  const key = alpha2.toUpperCase();
  let found = cache.get(key);
  if (!found) {
    found = read(key);
    cache.set(key, found);
    found.catch(() => cache.delete(key));
  }
  return found;
}
