import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ErrorCode } from "@/lib/contract/errors";
import type { ExchangeList } from "@/lib/contract/exchange";
import { screenMetadata } from "@/lib/i18n/metadata";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { EXCHANGE_PATH } from "@/lib/session/routes";
import { currentUser, readToken, upstreamContext } from "@/lib/session/server";
import { isUpstreamError } from "@/lib/upstream/errors";
import { getExchangeList } from "@/lib/upstream/user";
import { loadVerificationSetup } from "@/lib/upstream/verification";
import { HISTORY_PAGE_SIZES } from "@/lib/validation/exchange";
import { RedeemForm } from "@/components/exchange/redeem-form";
import { HistoryTable } from "@/components/exchange/history-table";
import { SignedInIdentity } from "@/components/analytics/signed-in-identity";

export async function generateMetadata({ params }: PageProps<"/[lang]/profile/exchange">): Promise<Metadata> {
  const { lang } = await params;
  return screenMetadata(localeOf(lang), "exchange", EXCHANGE_PATH, false);
}

/** A session that ended meanwhile (20101) reads as none: the page goes to login, where the guard says so. */
function expiredAsNull(error: unknown): null {
  if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) return null;
  throw error;
}

/** Server exchange (SPEC §2): redeem a code, see the history. */
export default async function ExchangePage({ params, searchParams }: PageProps<"/[lang]/profile/exchange">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const { launch, query, href } = await pageLaunch(searchParams);
  const loginHref = href(`/${lang}/login`);
  const t = await getTranslations({ locale: lang, namespace: "exchange" });
  const token = await readToken();
  const ctx = await upstreamContext(lang, launch, token);
  const [user, verification, history] = await Promise.all([
    currentUser(lang, launch).catch(expiredAsNull),
    loadVerificationSetup(ctx),
    // the table loads it again on the client and says why when it cannot
    getExchangeList(ctx, { page: 1, pageSize: HISTORY_PAGE_SIZES[0] }).catch((): ExchangeList | null => null),
  ]);
  if (!user || !token) redirect(loginHref);
  const email = user.email;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-semibold text-gray-900">{t("title")}</h1>
      <RedeemForm page={{ lang, query }} email={email} verification={verification} />
      <HistoryTable page={{ lang, query }} initial={history} />
      <SignedInIdentity lang={lang} />
    </div>
  );
}
