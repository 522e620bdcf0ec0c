/**
 * How any screen tells analytics something happened (the common convention): a
 * `passport:analytics` CustomEvent on window whose detail is `{ event, ...properties }`.
 * Never put an email, password, code or token in it. Tiny and dependency-free on purpose.
 */
export const ANALYTICS_DOM_EVENT = "passport:analytics";

export type Announcement = { event: string } & Record<string, string | number | boolean | null>;

export function announce(detail: Announcement): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(ANALYTICS_DOM_EVENT, { detail }));
}
