import { countryAlpha2, countryIdByAlpha2 } from "./countries";

/**
 * Region ids are derived from the ISO 3166-2 code alone, so they stay the same across dataset
 * updates, restarts and instances, and a stored id can be read back as a code:
 *
 *     id = countryNumeric × 37³ + d(c₁)·37² + d(c₂)·37 + d(c₃)
 *
 * where countryNumeric is the ISO 3166-1 numeric code of the code's country part, c₁c₂c₃ are
 * the 1–3 characters after the hyphen, left-aligned, d('0'…'9') = 1…10, d('A'…'Z') = 11…36,
 * and a missing character counts 0 (so "JP-1" and "JP-01" differ). CN-GD → 156 × 50653 +
 * 17·1369 + 14·37 = 7 925 659. The largest possible id (999 × 50653 + 50652) stays below
 * 2³¹, and every id is positive because no country numeric code is 0.
 */
const BASE = 37;
const WIDTH = 3;
const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const CODE = /^([A-Z]{2})-([A-Z0-9]{1,3})$/;

export function regionIdFromCode(code: string): number | null {
  const match = CODE.exec(code.toUpperCase());
  if (!match?.[1] || !match[2]) return null;
  const countryId = countryIdByAlpha2(match[1]);
  if (countryId === null) return null;
  const chars = match[2].padEnd(WIDTH, " ");
  let local = 0;
  for (const char of chars) local = local * BASE + (char === " " ? 0 : DIGITS.indexOf(char) + 1);
  return countryId * BASE ** WIDTH + local;
}

/** The ISO 3166-2 code an id stands for ("CN-GD"), or null when the id cannot be one. */
export function regionCodeFromId(id: number): string | null {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const countryId = Math.floor(id / BASE ** WIDTH);
  let local = id % BASE ** WIDTH;
  const alpha2 = countryAlpha2(countryId);
  if (!alpha2) return null;
  const chars: string[] = [];
  for (let position = 0; position < WIDTH; position += 1) {
    const digit = local % BASE;
    local = Math.floor(local / BASE);
    chars.unshift(digit === 0 ? " " : (DIGITS[digit - 1] ?? ""));
  }
  const suffix = chars.join("");
  // Only trailing positions may be empty: "G D" is no code.
  if (!/^[A-Z0-9]{1,3} *$/.test(suffix)) return null;
  return `${alpha2}-${suffix.trimEnd()}`;
}
