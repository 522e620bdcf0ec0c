import { getTranslations } from "next-intl/server";
import type { SocialAccount } from "@/lib/upstream/security";
import { errorMessageKey } from "@/lib/contract/errors";
import type { Locale } from "@/lib/i18n/routing";
import { Alert } from "@/components/ui/alert";
import { Badge, SecuritySection } from "./section";

const KNOWN = ["google", "facebook", "apple"] as const;
type KnownChannel = (typeof KNOWN)[number];

function isKnown(channel: string): channel is KnownChannel {
  return (KNOWN as readonly string[]).includes(channel);
}

/**
 * Social accounts (GET /v1/user/oauth/list): each sign-in provider and whether this account is
 * connected to it. Read only until social sign-in lands; the section says so.
 */
export async function SocialSection({ lang, accounts, error }: { lang: Locale; accounts: SocialAccount[] | null; error: number | null }) {
  const t = await getTranslations({ locale: lang, namespace: "security.social" });
  const te = await getTranslations({ locale: lang, namespace: "errors" });
  return (
    <SecuritySection id="social" title={t("title")} description={t("description")}>
      {error !== null ? <Alert tone="error">{te(errorMessageKey(error), { seconds: 60 })}</Alert> : null}
      {accounts && accounts.length > 0 ? (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
          {accounts.map((account) => (
            <li key={account.channel} className="flex items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-gray-900">{isKnown(account.channel) ? t(`providers.${account.channel}`) : account.channel}</p>
                {account.connected && account.name ? <p className="truncate text-xs text-muted">{account.name}</p> : null}
              </div>
              <Badge tone={account.connected ? "success" : "neutral"}>{account.connected ? t("connected") : t("notConnected")}</Badge>
            </li>
          ))}
        </ul>
      ) : accounts ? (
        <p className="text-sm text-muted">{t("none")}</p>
      ) : null}
      <p className="mt-3 text-xs text-muted">{t("comingSoon")}</p>
    </SecuritySection>
  );
}
