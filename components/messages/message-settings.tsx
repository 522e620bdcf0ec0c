"use client";

import { useId, useState } from "react";
import * as Switch from "@radix-ui/react-switch";
import { useTranslations } from "next-intl";
import { clsx } from "clsx";
import { errorMessageKey } from "@/lib/contract/errors";
import type { MessageSettings } from "@/lib/contract/messages";
import type { PageRef } from "@/lib/session/action-result";
import { saveSettingsAction } from "@/lib/actions/messages";
import { Alert } from "@/components/ui/alert";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { SecuritySection } from "@/components/security/section";

type Props = { page: PageRef; appName: string; initial: MessageSettings | null; initialError: number | null };

/**
 * Message settings (SPEC §4): app and device messages can be turned off for this app; system
 * and activity messages are always on (their switches are shown, on and disabled).
 */
export function MessageSettingsSection({ page, appName, initial, initialError }: Props) {
  const t = useTranslations("messageCentre.settings");
  const te = useTranslations("errors");
  const text = useErrorText();
  const hydrated = useHydrated();
  const [settings, setSettings] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(initialError === null ? null : te(errorMessageKey(initialError), { seconds: 60 }));
  const baseId = useId();

  async function change(category: string, receive: boolean) {
    if (!settings) return;
    setSaving(true);
    setNotice(null);
    setError(null);
    const next = settings.settings.filter((s) => s.blockable).map((s) => ({ category: s.category, blocked: s.category === category ? !receive : s.blocked }));
    const result = await callAction(() => saveSettingsAction({ settings: next }, page));
    setSaving(false);
    if (!result.ok) {
      setError(text.action(result.error));
      return;
    }
    setSettings(result.settings);
    setNotice(t("saved"));
  }

  return (
    <SecuritySection id="message-settings" title={t("title")} description={t("description", { app: appName })}>
      <div className="flex flex-col gap-3">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {settings ? (
          <ul className="flex flex-col divide-y divide-gray-100">
            {settings.settings.map((setting) => {
              const hintId = `${baseId}-${setting.category}`;
              return (
                <li key={setting.category} className="flex items-center justify-between gap-4 py-3">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-gray-900">{t(`labels.${setting.category}`)}</p>
                    <p id={hintId} className="text-xs text-muted">
                      {setting.category === "device" || setting.category === "app" ? t(`hints.${setting.category}`) : t("alwaysOn")}
                    </p>
                  </div>
                  <Switch.Root
                    checked={!setting.blocked}
                    onCheckedChange={(receive) => void change(setting.category, receive)}
                    disabled={!hydrated || saving || !setting.blockable}
                    aria-label={t(`labels.${setting.category}`)}
                    aria-describedby={hintId}
                    className={clsx(
                      "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60",
                      "bg-gray-300 data-[state=checked]:bg-(--message-accent)",
                    )}
                  >
                    <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
                  </Switch.Root>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </SecuritySection>
  );
}
