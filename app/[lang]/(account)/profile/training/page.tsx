import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { setRequestLocale } from "next-intl/server";
import { ErrorCode } from "@/lib/contract/errors";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { SETTINGS_PATH, TRAINING_PATH } from "@/lib/session/routes";
import { readToken, upstreamContext } from "@/lib/session/server";
import { isUpstreamError } from "@/lib/upstream/errors";
import { getPrizeInfo, getSnPasswordHistory, getWelderState } from "@/lib/upstream/user";
import { trainingEntryVisible } from "@/lib/training/menu-rule";
import { SN_HISTORY_PAGE_SIZES } from "@/lib/validation/training";
import { TrainingView, type Loaded } from "@/components/training/training-view";
import { SignedInIdentity } from "@/components/analytics/signed-in-identity";

export async function generateMetadata({ params }: PageProps<"/[lang]/profile/training">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "training", TRAINING_PATH, false);
}

class Expired extends Error {}

async function settle<T>(read: Promise<T>): Promise<Loaded<T>> {
  try {
    return { data: await read, error: null };
  } catch (error) {
    if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) throw new Expired();
    return { data: null, error: isUpstreamError(error) ? error.code : ErrorCode.systemError };
  }
}

/**
 * Safety training (SPEC §2). When the side-menu rule removes the entry (no laser and no printer,
 * where the training route is offered; or an app too old for it) the user goes to settings.
 */
export default async function TrainingPage({ params, searchParams }: PageProps<"/[lang]/profile/training">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const { launch, query, href } = await pageLaunch(searchParams);
  const token = await readToken();
  if (!token) redirect(href(`/${lang}/login`));
  const ctx = await upstreamContext(lang, launch, token);
  let loaded: [Loaded<Awaited<ReturnType<typeof getPrizeInfo>>>, Loaded<Awaited<ReturnType<typeof getWelderState>>>, Loaded<Awaited<ReturnType<typeof getSnPasswordHistory>>>];
  try {
    // the first page of the SN-password history too; the table fetches it itself if this failed
    loaded = await Promise.all([settle(getPrizeInfo(ctx)), settle(getWelderState(ctx)), settle(getSnPasswordHistory(ctx, { page: 1, pageSize: SN_HISTORY_PAGE_SIZES[0] }))]);
  } catch (error) {
    if (error instanceof Expired) redirect(href(`/${lang}/login`));
    throw error;
  }
  const [prize, welder, snHistory] = loaded;
  if (!trainingEntryVisible({ appVersion: launch.av, prize: prize.data })) redirect(href(`/${lang}/${SETTINGS_PATH}`));
  return (
    <>
      <TrainingView page={{ lang, query }} prize={prize} welder={welder} snHistory={snHistory.data} />
      <SignedInIdentity lang={lang} />
    </>
  );
}
