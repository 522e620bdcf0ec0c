import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { portalConfig } from "@/lib/config";
import { localeOf, type Locale } from "@/lib/i18n/routing";
import { BRANDS } from "@/lib/launch/brands";
import { parseMessageOptions } from "@/lib/launch/message-options";
import { pageLaunch } from "@/lib/launch/page";
import { MessageCentre } from "@/components/messages/message-centre";
import { loadMessageCentre } from "@/lib/loaders/messages";
import { SignedInIdentity } from "@/components/analytics/signed-in-identity";

export async function generateMetadata({ params }: PageProps<"/[lang]/message">): Promise<Metadata> {
  const { lang } = await params;
  const t = await getTranslations({ locale: localeOf(lang), namespace: "meta.messages" });
  return { title: t("title"), description: t("description"), robots: { index: false, follow: false } };
}

/**
 * The message centre (SPEC §2): the user's messages of the app `p` by tab, in the language `l`
 * (else the page's), and which categories reach them. A host themes it with `color`,
 * `emptyDataImg` and `sort` (lib/launch/message-options.ts).
 */
export default async function MessagePage({ params, searchParams }: PageProps<"/[lang]/message">) {
  const { lang: raw } = await params;
  const lang: Locale = localeOf(raw);
  setRequestLocale(lang);
  const { launch, query, href } = await pageLaunch(searchParams);
  const options = parseMessageOptions(await searchParams, portalConfig().imageHosts);
  const data = await loadMessageCentre(lang, launch, options.sort, href(`/${lang}/login`));
  return (
    <>
      <MessageCentre
        page={{ lang, query }}
        contentLang={launch.l ?? lang}
        appName={BRANDS[launch.p].title[lang]}
        options={options}
        data={data}
      />
      <SignedInIdentity lang={lang} />
    </>
  );
}
