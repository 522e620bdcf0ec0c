"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { isLowAppVersion } from "@/lib/launch/brands";
import type { LaunchContext } from "@/lib/launch/context";
import { LAUNCH_PARAMS } from "@/lib/launch/keys";
import { ProviderMark } from "@/components/social/provider-mark";
import { useProviderName } from "@/components/social/provider-name";

type Props = {
  lang: string;
  /** SOCIAL_PROVIDERS as the portal's configuration gives them (empty in the China region) */
  providers: readonly string[];
  launch: Pick<LaunchContext, "p" | "s" | "av" | "showSocialLogin" | "given">;
};

/** Whether the launch shows social sign-in (SPEC §6): not hidden by sl=0, not an old app version (SPEC §5). */
export function showsSocialLogin(launch: Props["launch"]): boolean {
  return launch.showSocialLogin && !isLowAppVersion(launch);
}

function startHref(lang: string, channel: string, given: Props["launch"]["given"], r: string | null): string {
  const query = new URLSearchParams({ lang });
  for (const name of LAUNCH_PARAMS) {
    const value = given[name];
    if (value !== undefined) query.set(name, value);
  }
  if (r) query.set("r", r);
  return `/api/social/${encodeURIComponent(channel)}?${query.toString()}`;
}

/**
 * One button per social sign-in provider on login and register. Each is a plain link to the
 * portal's start of the round trip (app/api/social/[channel]), named `<provider>Login` for
 * analytics; `r` of the current address is added once the page runs, so the user comes back
 * where they were going.
 */
export function SocialButtons({ lang, providers, launch }: Props) {
  const t = useTranslations("social.buttons");
  const providerName = useProviderName();
  const [r, setR] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setR(new URLSearchParams(window.location.search).get("r")), 0);
    return () => window.clearTimeout(timer);
  }, []);

  if (providers.length === 0 || !showsSocialLogin(launch)) return null;
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
              href={startHref(lang, channel, launch.given, r)}
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
