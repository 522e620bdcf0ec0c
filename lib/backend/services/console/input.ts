import { ANALYTICS_RANGE_MAX_DAYS, isCalendarDay, type ConsoleErrorKey } from "@/lib/contract/console/screens";

export type { ConsoleErrorKey, Page } from "@/lib/contract/console/screens";
/**
 * What the console's operations screens (enterprises, codes, messages, bans, analytics) accept,
 * checked before anything is read or changed. A refusal is an ConsoleError naming a message key of
 * the `console.errors` namespace (the screen shows it in the operator's language) and the HTTP
 * status the route answers with; never a 5xx, and never user input in the message.
 */
export class ConsoleError extends Error {
  constructor(
    readonly key: ConsoleErrorKey,
    readonly status: 400 | 404 | 409 | 410 = 400,
    /** the form field the message belongs to, when there is one */
    readonly field?: string,
  ) {
    super(`console input refused: ${key}`);
    this.name = "ConsoleError";
  }
}

export const PAGE_SIZE = 20;
/** Enough pages for any real list; a larger number is a mistake or a probe, and refused. */
export const PAGE_MAX = 10_000;
export const SEARCH_MAX = 100;
export const REASON_MIN = 3;
export const REASON_MAX = 500;
export const RANGE_MAX_DAYS = ANALYTICS_RANGE_MAX_DAYS;

/** A page number from a query string or a body: a whole number from 1 to PAGE_MAX (absent → 1). */
export function pageNumber(value: unknown): number {
  if (value === undefined || value === null || value === "") return 1;
  const page = typeof value === "number" ? value : typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(page) || page < 1 || page > PAGE_MAX) throw new ConsoleError("badPage", 400, "page");
  return page;
}

/** Optional text, trimmed; absent or blank → null; longer than `max` → refused. */
export function optionalText(value: unknown, max: number, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw new ConsoleError("required", 400, field);
  const text = value.trim();
  if (text.length > max) throw new ConsoleError("tooLong", 400, field);
  return text === "" ? null : text;
}

export function requiredText(value: unknown, max: number, field: string): string {
  const text = optionalText(value, max, field);
  if (text === null) throw new ConsoleError("required", 400, field);
  return text;
}

/** A search string; LIKE's wildcards and its escape character are taken literally. */
export function searchPattern(value: unknown): string | null {
  const text = optionalText(value, SEARCH_MAX, "q");
  return text === null ? null : text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Every change an operator makes carries a reason, written to the audit log. */
export function reasonOf(value: unknown): string {
  const text = optionalText(value, REASON_MAX, "reason");
  if (text === null || text.length < REASON_MIN) throw new ConsoleError("badReason", 400, "reason");
  return text;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function idOf(value: unknown, field = "id"): string {
  if (typeof value !== "string" || !UUID.test(value)) throw new ConsoleError("badId", 400, field);
  return value.toLowerCase();
}

/** "2026-11-26" → that day at 00:00 UTC; anything else (2026-02-30 included) → refused. */
export function dayOf(value: unknown, field: string): Date {
  if (typeof value !== "string" || !isCalendarDay(value)) throw new ConsoleError("badDate", 400, field);
  return new Date(`${value}T00:00:00Z`);
}

export type DayRange = { from: Date; to: Date; days: string[] };

/** An inclusive range of UTC days, at most RANGE_MAX_DAYS long. */
export function dayRange(fromValue: unknown, toValue: unknown): DayRange {
  const from = dayOf(fromValue, "from");
  const to = dayOf(toValue, "to");
  if (to < from) throw new ConsoleError("badRange", 400, "to");
  const count = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
  if (count > RANGE_MAX_DAYS) throw new ConsoleError("rangeTooLong", 400, "to");
  const days = Array.from({ length: count }, (_, index) => new Date(from.getTime() + index * 86_400_000).toISOString().slice(0, 10));
  return { from, to, days };
}

