import { fetchApi } from "@/lib/session/api-answer";
import { stopCollecting } from "./collect";

/**
 * Loaded when the browser is idle: reads where events go (/api/analytics/config: ANALYTICS_URL
 * and WEB_ANALYTICS_ID, read at run time so the static pages stay the same for every
 * deployment), then starts the client, and the mirror only when one is configured.
 */
export type AnalyticsConfig = { url: string | null; webAnalyticsId: string | null };

export async function startAnalytics(): Promise<{ stop: () => void } | null> {
  const answer = await fetchApi<AnalyticsConfig>("/api/analytics/config");
  if (!answer.ok) return null; // unknown for now: what was heard stays kept for the next page
  const { url, webAnalyticsId } = answer.data;
  if (!url) {
    stopCollecting();
    return null;
  }
  const [{ AnalyticsClient }, mirror] = await Promise.all([
    import("./client"),
    webAnalyticsId ? import("./mirror").then((m) => m.loadWebAnalytics(webAnalyticsId)) : Promise.resolve(null),
  ]);
  const safe = (run: () => Storage) => {
    try {
      return run();
    } catch {
      return null;
    }
  };
  const client = new AnalyticsClient({
    url,
    local: safe(() => window.localStorage),
    tab: safe(() => window.sessionStorage),
    beacon: typeof navigator.sendBeacon === "function" ? (target, body) => navigator.sendBeacon(target, body) : null,
    mirror,
  });
  client.start();
  return client;
}
