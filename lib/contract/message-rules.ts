/**
 * The message centre's constants (SPEC §3, §4, §9), in a module without zod so client
 * components can use them: the categories in tab order, which of them a user may turn off,
 * the page sizes and sort orders of the list, and the limits of an operator's message.
 */
export const MESSAGE_CATEGORIES = ["device", "system", "app", "activity"] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];

/** SPEC §4: app and device messages can be blocked; system messages cannot (nor can activity ones, which SPEC does not name). */
export const BLOCKABLE_CATEGORIES = ["device", "app"] as const satisfies readonly MessageCategory[];
export type BlockableCategory = (typeof BLOCKABLE_CATEGORIES)[number];

export function isMessageCategory(value: unknown): value is MessageCategory {
  return typeof value === "string" && (MESSAGE_CATEGORIES as readonly string[]).includes(value);
}

export function isBlockable(category: MessageCategory): category is BlockableCategory {
  return (BLOCKABLE_CATEGORIES as readonly string[]).includes(category);
}

export const MESSAGE_SORTS = ["desc", "asc"] as const;
export type MessageSort = (typeof MESSAGE_SORTS)[number];

export const MESSAGE_PAGE_SIZES = [10, 20, 50] as const;
export const MESSAGE_PAGE_SIZE_MAX = 50;

/** An app code (the launch context's `p`, or another app of the company). */
export const APP_CODE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const DEFAULT_APP_CODE = "passport";

export const MESSAGE_NAME_MAX = 120;
export const MESSAGE_CONTENT_MAX = 4000;
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 8000;

/** Unread counts per tab and their sum (GET /message/v1/web/count). */
export type UnreadCounts = Record<MessageCategory, number> & { total: number };
