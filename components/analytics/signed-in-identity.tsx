import "server-only";
import { Suspense } from "react";
import { headers } from "next/headers";
import type { Locale } from "@/lib/i18n/routing";
import { CHECKED_UID_HEADER } from "@/lib/session/check";
import { parseLaunchContext } from "@/lib/launch/context";
import { readToken, upstreamContext } from "@/lib/session/server";
import { getUserBasic } from "@/lib/upstream/passport";
import { AnalyticsIdentity } from "./analytics-identity";

/**
 * The signed-in user's id for analytics, on a user-centre page rendered per request (streamed in
 * its own Suspense boundary, so it never holds the page up; the static settings page announces
 * the id of the data it reads instead). Any failure just leaves it out: the page itself deals
 * with an ended session. The guard passes the id it checked; only without one (no
 * SESSION_SECRET for the sealed check) is it asked of the passport API.
 */
export function SignedInIdentity({ lang }: { lang: Locale }) {
  return (
    <Suspense fallback={null}>
      <CheckedIdentity lang={lang} />
    </Suspense>
  );
}

async function CheckedIdentity({ lang }: { lang: Locale }) {
  const token = await readToken();
  if (!token) return null;
  const checked = (await headers()).get(CHECKED_UID_HEADER);
  if (checked) return <AnalyticsIdentity loginId={checked} />;
  const uid = await getUserBasic(await upstreamContext(lang, parseLaunchContext({}, null), token)).then(
    (user) => user.uid,
    () => null,
  );
  return uid ? <AnalyticsIdentity loginId={uid} /> : null;
}
