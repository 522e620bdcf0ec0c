"use client";

import { useTranslations } from "next-intl";
import { withPageQuery } from "@/lib/launch/page-query";
import { usePageRef } from "@/components/layout/use-page-ref";
import { ProviderMark } from "@/components/social/provider-mark";
import { useProviderName } from "@/components/social/provider-name";
import { usePasskeyStepUp } from "./use-passkey-step-up";

type Props = {
  lang: string;
  /** SOCIAL_PROVIDERS as the portal's configuration gives them (empty in the China region) */
  providers: readonly string[];
  /** the page variant's verdict (lib/launch/variant.ts): not hidden by sl=0, not an old app version */
  visible: boolean;
};

/**
 * One button per social sign-in provider on login and register. Each is a plain link to the
 * portal's start of the round trip (app/api/social/[channel]), named `<provider>Login` for
 * analytics; the page is static, so the launch parameters and `r` of the address are added in
 * the browser, and the user comes back where they were going.
 */
export function SocialButtons({ lang, providers, visible }: Props) {
  const t = useTranslations("social.buttons");
  const providerName = useProviderName();
  const page = usePageRef(lang);
  const startHref = (channel: string) => withPageQuery(`/api/social/${encodeURIComponent(channel)}?lang=${lang}`, page.query, true);
  // an app's passkey step-up: the passkey is the only way offered (login-form.tsx)
  const passkeyOnly = usePasskeyStepUp();

  if (providers.length === 0 || !visible || passkeyOnly) return null;
  return (
    // Labelled, not headed: a heading would sit among the page's own ("Log in") for assistive technology.
    <section aria-label={t("title")} className="mt-6 flex flex-col gap-3">
      <div className="flex items-center gap-3" aria-hidden>
        <span className="h-px flex-1 bg-gray-200" />
        <span className="text-xs text-muted">{t("divider")}</span>
        <span className="h-px flex-1 bg-gray-200" />
      </div>
      <ul className="flex flex-col gap-2">
        {providers.map((channel) => (
          <li key={channel}>
            <a
              href={startHref(channel)}
              data-analytics-id={`${channel}Login`}
              className="flex h-11 w-full items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 text-sm font-medium text-gray-900 hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong"
            >
              <ProviderMark channel={channel} />
              {t("continueWith", { provider: providerName(channel) })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
