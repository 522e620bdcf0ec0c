import type { MessageCategory, MessageSort } from "@/lib/contract/message-rules";

/**
 * SWR keys (and URLs) of the message centre's reads. The side menu's badge and the message
 * centre's tabs use the very same counts key, so a change made on the page (a message read)
 * shows in the badge at once. `launch` is the page's launch query (useLaunchQuery): `p` picks the app.
 */
export const COUNTS_API = "/api/messages/count";
export const LIST_API = "/api/messages";

function params(lang: string, launch: string, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(launch);
  query.set("lang", lang);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

export function countsKey(lang: string, launch: string): string {
  return `${COUNTS_API}?${params(lang, launch)}`;
}

export type ListRef = { category: MessageCategory; page: number; pageSize: number; sort: MessageSort };

export function listKey(lang: string, launch: string, ref: ListRef): string {
  return `${LIST_API}?${params(lang, launch, { category: ref.category, page: String(ref.page), pageSize: String(ref.pageSize), sort: ref.sort })}`;
}
