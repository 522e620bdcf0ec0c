/**
 * sessionStorage that a host's frame may not have: a browser that blocks third-party storage
 * throws a SecurityError on the first touch (Chromium with third-party cookies blocked and
 * storage partitioning off, "block all cookies" settings). Then values live for the page only,
 * which is what a reload-proof countdown degrades to, instead of the page failing.
 */
const fallback = new Map<string, string>();

export function readPageValue(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return fallback.get(key) ?? null;
  }
}

export function writePageValue(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    fallback.set(key, value);
  }
}
