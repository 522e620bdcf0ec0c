import { MESSAGE_SORTS, type MessageSort } from "@/lib/contract/message-rules";

/**
 * The message options of SPEC §3 that a host may set on /{lang}/message, as query parameters
 * beside the launch context (docs/messages-and-analytics.md): `color` (the accent, hex RGB),
 * `emptyDataImg` (the picture of an empty list: a same-origin path or an https address on an
 * allowed image host) and `sort` (desc: newest first, the default; asc). They belong to this
 * page only and are not carried to other pages. Anything else is ignored, never echoed.
 */
export type MessageOptions = { color: string | null; emptyDataImg: string | null; sort: MessageSort };

type Query = Record<string, string | string[] | undefined>;

function first(query: Query, name: string): string | undefined {
  const value = query[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/** `28BE44`, `#28be44`, `#abc` → `#28be44` / `#aabbcc`; nothing else (no CSS can be smuggled in). */
export function parseColor(value: string | undefined): string | null {
  const match = value?.match(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i)?.[1];
  if (!match) return null;
  const hex = match.length === 3 ? [...match].map((c) => c + c).join("") : match;
  return `#${hex.toLowerCase()}`;
}

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => (entry.startsWith("*.") ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry));
}

/** A same-origin path, or an https URL whose host is allowed; never `javascript:`, `data:` or `//host`. */
export function parseImage(value: string | undefined, allowedHosts: readonly string[]): string | null {
  if (!value || value.length > 2048 || /[\s\\]/.test(value)) return null;
  if (value.startsWith("/")) return value.startsWith("//") ? null : value;
  try {
    const url = new URL(value);
    if (url.protocol !== "https:" || url.username || url.password) return null;
    return hostAllowed(url.hostname.toLowerCase(), allowedHosts) ? url.href : null;
  } catch {
    return null;
  }
}

export function parseMessageOptions(query: Query, allowedImageHosts: readonly string[]): MessageOptions {
  const sort = first(query, "sort")?.toLowerCase();
  return {
    color: parseColor(first(query, "color")),
    emptyDataImg: parseImage(first(query, "emptyDataImg"), allowedImageHosts),
    sort: MESSAGE_SORTS.find((item) => item === sort) ?? "desc",
  };
}
