"use client";

import { useId, useState } from "react";
import { clsx } from "clsx";
import * as Switch from "@radix-ui/react-switch";
import { useTranslations } from "next-intl";
import { setPasskeyUpgradeAction } from "@/lib/actions/passkey-upgrade";
import { Alert } from "@/components/ui/alert";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import type { SecurityPageRef } from "./page-ref";

type Props = { page: SecurityPageRef; initial: boolean };

/**
 * The automatic passkey upgrade (lib/passkeys/auto-upgrade.ts): on by default; off, a password
 * sign-in never makes a passkey without a prompt. Turning it either way adds no way in, so no
 * proof is asked.
 */
export function PasskeyUpgradeToggle({ page, initial }: Props) {
  const t = useTranslations("passkeys");
  const text = useErrorText();
  const hydrated = useHydrated();
  const descriptionId = useId();
  const [enabled, setEnabled] = useState(initial);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function toggle(next: boolean) {
    setMessage(null);
    setPending(true);
    const result = await callAction(() => setPasskeyUpgradeAction({ enabled: next }, page));
    setPending(false);
    if (!result.ok) return setMessage({ tone: "error", text: text.action(result.error) });
    setEnabled(result.setting.enabled);
    setMessage({ tone: "success", text: t(result.setting.enabled ? "upgradeTurnedOn" : "upgradeTurnedOff") });
  }

  return (
    <div className="mt-4 flex flex-col gap-2 border-t border-gray-100 pt-4">
      <div className="flex items-start justify-between gap-3">
        <p id={descriptionId} className="min-w-0 text-sm text-muted">
          {t("upgradeDescription")}
        </p>
        <Switch.Root
          checked={enabled}
          onCheckedChange={(next) => void toggle(next)}
          disabled={!hydrated || pending}
          aria-label={t("upgradeLabel")}
          aria-describedby={descriptionId}
          className={clsx(
            "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60",
            "bg-gray-300 data-[state=checked]:bg-primary-strong",
          )}
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
        </Switch.Root>
      </div>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
    </div>
  );
}
