import type { Metadata } from "next";
import Link from "next/link";
import { cookies } from "next/headers";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { AuthShell } from "@/components/layout/auth-shell";
import { ClientMessages } from "@/components/layout/client-messages";
import { ContinueAs } from "@/components/auth/continue-as";
import { portalConfig } from "@/lib/config";
import { SIGN_IN_SCREENS } from "@/lib/i18n/client-namespaces";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { pageLaunch } from "@/lib/launch/page";
import { variantOf } from "@/lib/launch/variant";
import { maskEmail, PENDING_HANDOFF_COOKIE, readPendingHandoff } from "@/lib/session/address-token";
import { upstreamContext } from "@/lib/session/server";
import { getUserBasic } from "@/lib/upstream/passport";

/**
 * /{lang}/continue: "Continue as a***@example.com?" for a session token another site, an emailed
 * link or a bookmark handed over in the address (lib/session/address-token.ts). Nothing is signed
 * in until the visitor chooses Continue. Rendered per request (it reads the waiting token), never
 * cached, never indexed, no referrer.
 */
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/[lang]/continue">): Promise<Metadata> {
  const lang = localeOf((await params).lang);
  const t = await getTranslations({ locale: lang, namespace: "addressHandoff" });
  return { title: t("title"), referrer: "no-referrer", robots: { index: false, follow: false } };
}

async function waitingAccount(lang: Locale, launch: Awaited<ReturnType<typeof pageLaunch>>["launch"]): Promise<string | null> {
  const pending = await readPendingHandoff((await cookies()).get(PENDING_HANDOFF_COOKIE)?.value, portalConfig().sessionSecret);
  if (!pending) return null;
  try {
    return maskEmail((await getUserBasic(await upstreamContext(lang, launch, pending.token))).email);
  } catch {
    return null;
  }
}

export default async function ContinuePage({ params, searchParams }: PageProps<"/[lang]/continue">) {
  const lang: Locale = localeOf((await params).lang);
  setRequestLocale(lang);
  const { launch, href } = await pageLaunch(searchParams);
  const account = await waitingAccount(lang, launch);
  const t = await getTranslations({ locale: lang, namespace: "addressHandoff" });
  return (
    <ClientMessages lang={lang} namespaces={SIGN_IN_SCREENS.addressHandoff}>
      <AuthShell variant={variantOf(launch)} lang={lang}>
        {account ? (
          <div className="flex flex-col gap-4">
            <h1 className="text-2xl font-semibold text-gray-900">{t("title")}</h1>
            <p className="text-sm text-gray-800">{t("question", { account })}</p>
            <p className="text-sm text-muted">{t("explain")}</p>
            <ContinueAs lang={lang} account={account} />
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <h1 className="text-2xl font-semibold text-gray-900">{t("expiredTitle")}</h1>
            <p className="text-sm text-gray-800">{t("expiredBody")}</p>
            <Link
              href={href(`/${lang}/login`)}
              className="inline-flex h-11 items-center justify-center rounded-lg bg-primary px-4 text-sm font-semibold text-primary-ink hover:bg-primary-hover"
            >
              {t("toLogin")}
            </Link>
          </div>
        )}
      </AuthShell>
    </ClientMessages>
  );
}
