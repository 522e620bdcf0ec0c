import "server-only";
import { ErrorCode } from "@/lib/contract/errors";
import { consoleRefusalOf, type ConsoleErrorKey } from "@/lib/contract/console/screens";
import { isUpstreamError } from "@/lib/upstream/errors";

/**
 * What an operations screen read: its data, or the refusal of the address's parameters
 * (page -1, a 10 000-character search, 2026-02-30…) as a message key the page shows.
 */
export async function readConsoleScreen<T>(run: () => Promise<T>): Promise<{ ok: true; data: T } | { ok: false; error: ConsoleErrorKey }> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    if (isUpstreamError(error) && error.code === ErrorCode.invalidParams) {
      const refusal = consoleRefusalOf(error.data);
      if (refusal) return { ok: false, error: refusal.key };
    }
    if (isUpstreamError(error) && error.code === ErrorCode.insufficientAuthority) return { ok: false, error: "forbidden" };
    throw error;
  }
}

/** The first value of a search parameter, as typed (the services check it). */
export function param(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The address of another page of a list, its other parameters kept. */
export function pageHref(path: string, query: Record<string, string | undefined>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  params.set("page", String(page));
  return `${path}?${params.toString()}`;
}

export function pageLinks(path: string, query: Record<string, string | undefined>, list: { page: number; total: number; pageSize: number }) {
  const pages = Math.ceil(list.total / list.pageSize);
  return { previous: list.page > 1 ? pageHref(path, query, list.page - 1) : null, next: list.page < pages ? pageHref(path, query, list.page + 1) : null };
}

/** The analytics screen's range when the address names none: the last 30 days (UTC), today included. */
export function lastThirtyDays(now = Date.now()): { from: string; to: string } {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: day(now - 29 * 86_400_000), to: day(now) };
}
