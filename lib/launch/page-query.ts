import { LAUNCH_PARAMS } from "./keys";

/**
 * The part of a public page's address that travels on: the launch parameters (SPEC §2) and `r`.
 * Public pages are static, so their client reads these from the address; the server parses and
 * checks them again wherever they are used (actions, the guard). Client-safe.
 */
const CARRIED: readonly string[] = [...LAUNCH_PARAMS, "r"];

export function pageQueryFrom(search: string): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of CARRIED) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  return kept.toString();
}

/** An internal path with the page's launch parameters (and `r` when `keepR`); the path's own query wins. */
export function withPageQuery(path: string, search: string, keepR: boolean): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const url = new URL(path, "http://portal.invalid");
  for (const [name, value] of new URLSearchParams(pageQueryFrom(search))) {
    if (name === "r" && !keepR) continue;
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
