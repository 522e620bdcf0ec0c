/**
 * A one-time notice for the next page, set by the server (middleware, actions) and read and
 * cleared by the page's client (components/layout/flash-notice.tsx). Not HttpOnly: it holds only
 * the key of a message, never anything about the user.
 */
export const NOTICE_COOKIE = "passport_notice";
export const NOTICES = ["otherAccount"] as const;
export type NoticeKey = (typeof NOTICES)[number];

export function isNoticeKey(value: string | undefined): value is NoticeKey {
  return (NOTICES as readonly string[]).includes(value ?? "");
}
