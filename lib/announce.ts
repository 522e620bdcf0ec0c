/**
 * Announces an analytics event (the analytics client listens and sends it): the common
 * convention of `passport:analytics` CustomEvents. Never put an email, code or token in one.
 */
export type AnalyticsDetail = { event: string } & Record<string, string | number | boolean>;

export function announce(detail: AnalyticsDetail): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent("passport:analytics", { detail }));
}
