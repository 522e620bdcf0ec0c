"use client";

import { useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ErrorCode, errorMessageKey } from "@/lib/contract/errors";
import type { SocialAccounts } from "@/lib/upstream/security";
import type { VerificationSetup } from "@/lib/validation/verification";
import { takeSocialFlash, type SocialFlash } from "@/lib/social/flash";
import { unbindSocialAction } from "@/lib/actions/social/accounts";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useErrorText } from "@/components/auth/use-error-text";
import { ProviderMark } from "@/components/social/provider-mark";
import { useProviderName } from "@/components/social/provider-name";
import { ConfirmDialog } from "./confirm-dialog";
import { Badge, SecuritySection } from "./section";
import { SetPasswordDialog } from "./set-password-dialog";
import type { SecurityPageRef } from "./page-ref";
import { useStepUp } from "@/components/step-up/use-step-up";

type Props = {
  page: SecurityPageRef;
  initial: SocialAccounts | null;
  error: number | null;
  email: string;
  verification: VerificationSetup;
};

type Message = { tone: "success" | "error"; text: string; offerPassword?: boolean };

/** Read (and removed) once per page load: the outcome of a connection the round trip came back from. */
let flash: ReturnType<typeof takeSocialFlash> | undefined;

/** The address that starts a connection (the server adds the session: it never goes into the page). */
function connectAddress(page: SecurityPageRef, channel: string): string {
  const query = new URLSearchParams(page.query);
  query.delete("r");
  query.set("op", "bind");
  query.set("lang", page.lang);
  return `/api/social/${encodeURIComponent(channel)}?${query.toString()}`;
}

/**
 * Social accounts (SPEC §2, §4): each provider, connected or not. Connect runs the provider's
 * round trip (op=bind) and comes back here; disconnect asks first. Disconnecting the last way
 * into an account made by social sign-in is refused (20304) with an offer to set a password.
 * Enterprise accounts never use social sign-in.
 */
export function SocialSection({ page, initial, error, email, verification }: Props) {
  const t = useTranslations("security.social");
  const te = useTranslations("errors");
  const text = useErrorText();
  const providerName = useProviderName();
  const hydrated = useHydrated();
  const router = useRouter();
  const [accounts, setAccounts] = useState(initial);
  const [message, setMessage] = useState<Message | null>(null);
  const [settingPassword, setSettingPassword] = useState(false);
  const [arrived, setArrived] = useState<SocialFlash | null>(null);
  const stepUp = useStepUp({ page, email, verification });

  useEffect(() => {
    flash ??= takeSocialFlash();
    const outcome = flash;
    if (!outcome) return;
    const timer = window.setTimeout(() => setArrived(outcome), 0);
    return () => window.clearTimeout(timer);
  }, []);

  async function disconnect(channel: string): Promise<string | null> {
    const result = await stepUp.guard(() => unbindSocialAction({ channel }, page), "disconnectSocial");
    if (result.ok) {
      setAccounts((current) => current && { ...current, providers: current.providers.map((item) => (item.channel === channel ? { ...item, connected: false, name: null } : item)) });
      setMessage({ tone: "success", text: t("disconnectedNotice", { provider: providerName(channel) }) });
      return null;
    }
    if (result.error.code === ErrorCode.lastWayIn) {
      setMessage({ tone: "error", text: text.action(result.error), offerPassword: true });
      return null;
    }
    return text.action(result.error);
  }

  const passwordDialog = (
    <SetPasswordDialog
      page={page}
      email={email}
      verification={verification}
      open={settingPassword}
      onOpenChange={setSettingPassword}
      trigger={
        <Button variant="secondary" className="h-9 shrink-0">
          {t("setPassword")}
        </Button>
      }
      onDone={() => {
        setAccounts((current) => current && { ...current, passwordSet: true });
        setMessage({ tone: "success", text: t("passwordSetNotice") });
        router.refresh();
      }}
    />
  );

  // What the page came back with from a connection, until something newer is said.
  const shown: Message | null =
    message ??
    (arrived?.kind === "bound"
      ? { tone: "success", text: t("connectedNotice", { provider: providerName(arrived.channel) }) }
      : arrived?.kind === "error"
        ? { tone: "error", text: text.action({ code: arrived.code }) }
        : null);

  return (
    <SecuritySection id="social" title={t("title")} description={page.business ? t("businessNote") : t("description")}>
      {error !== null ? <Alert tone="error">{te(errorMessageKey(error), { seconds: 60 })}</Alert> : null}
      {shown ? (
        <Alert tone={shown.tone} className="mb-3">
          <span className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <span>{shown.text}</span>
            {shown.offerPassword ? passwordDialog : null}
          </span>
        </Alert>
      ) : null}
      {accounts && accounts.providers.length > 0 ? (
        <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
          {accounts.providers.map((account) => {
            const name = providerName(account.channel);
            return (
              <li key={account.channel} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="flex min-w-0 items-center gap-3">
                  <ProviderMark channel={account.channel} />
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-gray-900">{name}</p>
                    {account.connected && account.name ? <p className="truncate text-xs text-muted">{account.name}</p> : null}
                  </div>
                  <Badge tone={account.connected ? "success" : "neutral"}>{account.connected ? t("connected") : t("notConnected")}</Badge>
                </div>
                {page.business ? null : account.connected ? (
                  <ConfirmDialog
                    trigger={
                      <Button variant="secondary" className="h-9" disabled={!hydrated} aria-label={t("disconnectLabel", { provider: name })}>
                        {t("disconnect")}
                      </Button>
                    }
                    title={t("disconnectTitle", { provider: name })}
                    description={t("disconnectDescription", { provider: name })}
                    confirmLabel={t("disconnectConfirm")}
                    onConfirm={() => disconnect(account.channel)}
                  />
                ) : (
                  <a
                    href={connectAddress(page, account.channel)}
                    className="inline-flex h-9 items-center justify-center rounded-lg border border-gray-300 bg-white px-4 text-sm text-gray-900 transition-colors hover:bg-gray-50"
                    data-analytics-id={`${account.channel}Connect`}
                    aria-label={t("connectLabel", { provider: name })}
                  >
                    {t("connect")}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      ) : accounts ? (
        <p className="text-sm text-muted">{t("none")}</p>
      ) : null}
      {stepUp.dialog}
    </SecuritySection>
  );
}
