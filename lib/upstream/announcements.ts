import "server-only";
import { PHASE_PRODUCTION_BUILD } from "next/constants";
import type { Announcement } from "@/lib/contract/messages";
import { DEFAULT_APP_CODE } from "@/lib/contract/message-rules";
import { getAnnouncements } from "./message";

/**
 * The announcements for the static /announcement page, read without a session. During
 * `next build` the message service is not running (and the address could be anyone's), so
 * none are read: null tells the page to let the browser read them until it is regenerated.
 * At run time a failure throws, so Next keeps serving the last good page.
 */
export async function announcementsForPage(): Promise<Announcement[] | null> {
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return null;
  return getAnnouncements({ lang: "en", app: { code: DEFAULT_APP_CODE, system: "web-pc", appVersion: "", origin: DEFAULT_APP_CODE } });
}
