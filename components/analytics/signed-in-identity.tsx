import "server-only";
import type { Locale } from "@/lib/i18n/routing";
import { parseLaunchContext } from "@/lib/launch/context";
import { readToken, upstreamContext } from "@/lib/session/server";
import { getUserBasic } from "@/lib/upstream/passport";
import { AnalyticsIdentity } from "./analytics-identity";

/**
 * The signed-in user's id for analytics, in the user-centre layout (streamed in its own
 * Suspense boundary, so it never holds the page up). Any failure just leaves it out: the page
 * itself deals with an ended session.
 */
export async function SignedInIdentity({ lang }: { lang: Locale }) {
  const token = await readToken();
  if (!token) return null;
  const uid = await getUserBasic(await upstreamContext(lang, parseLaunchContext({}, null), token)).then(
    (user) => user.uid,
    () => null,
  );
  return uid ? <AnalyticsIdentity loginId={uid} /> : null;
}
