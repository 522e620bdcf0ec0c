import type { AnalyticsEventName, AnalyticsProperties } from "@/lib/contract/analytics-rules";

/**
 * Mirroring to a web analytics service (SPEC §7: login, register, getCode and buttonClick):
 * Google Analytics 4 through gtag.js, loaded only when WEB_ANALYTICS_ID is configured. Without
 * it this module is never loaded and no third-party script reaches the page.
 */
type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export const GTAG_ORIGIN = "https://www.googletagmanager.com";

export function loadWebAnalytics(measurementId: string): (event: AnalyticsEventName, properties: AnalyticsProperties) => void {
  window.dataLayer = window.dataLayer ?? [];
  const gtag: Gtag = function gtag() {
    // gtag.js reads the arguments object itself, as its snippet does
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer?.push(arguments);
  };
  window.gtag = window.gtag ?? gtag;
  window.gtag("js", new Date());
  // page views stay with our own analytics; only the named events are mirrored
  window.gtag("config", measurementId, { send_page_view: false });
  const script = document.createElement("script");
  script.async = true;
  script.src = `${GTAG_ORIGIN}/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
  return (event, properties) => window.gtag?.("event", event, properties);
}
