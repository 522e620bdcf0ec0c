"use client";

import { useId, useState } from "react";
import * as Switch from "@radix-ui/react-switch";
import { useTranslations } from "next-intl";
import { clsx } from "clsx";
import type { DeviceSecurity } from "@/lib/upstream/security";
import { errorMessageKey } from "@/lib/contract/errors";
import { forgetDeviceAction, setDeviceSecurityAction } from "@/lib/actions/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { ConfirmDialog } from "./confirm-dialog";
import { DeviceOffDialog } from "./device-off-dialog";
import { LocalTime } from "./local-time";
import { Badge, SecuritySection } from "./section";
import type { SecurityPageRef } from "./page-ref";

type Props = { page: SecurityPageRef; initial: DeviceSecurity | null; initialError: number | null };

/**
 * Device security: with the switch on, a sign-in from a browser this account has not used asks
 * for a code emailed to the account; switching it off asks for the current password. Below it
 * the known devices, each of which can be forgotten.
 */
export function DeviceSection({ page, initial, initialError }: Props) {
  const t = useTranslations("security.devices");
  const te = useTranslations("errors");
  const text = useErrorText();
  const hydrated = useHydrated();
  const descriptionId = useId();
  const [security, setSecurity] = useState<DeviceSecurity | null>(initial);
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(initialError === null ? null : te(errorMessageKey(initialError), { seconds: 60 }));
  const [notice, setNotice] = useState<string | null>(null);
  const [askingOff, setAskingOff] = useState(false);

  async function toggle(enabled: boolean) {
    setError(null);
    setNotice(null);
    // off lowers the account's protection: the dialog asks for the password first
    if (!enabled) return setAskingOff(true);
    setSwitching(true);
    const result = await callAction(() => setDeviceSecurityAction({ enabled }, page));
    setSwitching(false);
    if (!result.ok) return setError(text.action(result.error));
    setSecurity(result.security);
    setNotice(t("turnedOn"));
  }

  async function turnOff(password: string): Promise<string | null> {
    const result = await callAction(() => setDeviceSecurityAction({ enabled: false, password }, page));
    if (!result.ok) return text.action(result.error);
    setSecurity(result.security);
    setNotice(t("turnedOff"));
    return null;
  }

  async function forget(id: string): Promise<string | null> {
    setNotice(null);
    const result = await callAction(() => forgetDeviceAction({ id }, page));
    if (!result.ok) return text.action(result.error);
    setSecurity(result.security);
    setNotice(t("removed"));
    return null;
  }

  const toggleControl = (
    <div className="flex items-center gap-3">
      <span aria-hidden className="text-sm font-medium text-gray-800">
        {security?.enabled ? t("on") : t("off")}
      </span>
      <Switch.Root
        checked={security?.enabled ?? false}
        onCheckedChange={toggle}
        disabled={!hydrated || switching || security === null}
        aria-label={t("switchLabel")}
        aria-describedby={descriptionId}
        className={clsx(
          "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60",
          "bg-gray-300 data-[state=checked]:bg-primary-strong",
        )}
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      <DeviceOffDialog open={askingOff} onOpenChange={setAskingOff} onConfirm={turnOff} />
    </div>
  );

  return (
    <SecuritySection id="devices" title={t("title")} description={<span id={descriptionId}>{t("description")}</span>} action={toggleControl}>
      <div className="flex flex-col gap-3">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {security ? (
          <>
            <h3 className="text-sm font-medium text-gray-800">{t("knownDevices")}</h3>
            {security.devices.length === 0 ? (
              <p className="text-sm text-muted">{t("none")}</p>
            ) : (
              <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200">
                {security.devices.map((device) => (
                  <li key={device.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
                        <span className="truncate">{device.name || t("unnamed")}</span>
                        {device.current ? <Badge tone="success">{t("thisDevice")}</Badge> : null}
                      </p>
                      <p className="mt-0.5 text-xs text-muted tabular-nums">
                        {t("firstSeen")} <LocalTime iso={device.firstSeen} /> · {t("lastSeen")} <LocalTime iso={device.lastSeen} />
                      </p>
                    </div>
                    <ConfirmDialog
                      trigger={
                        <Button variant="secondary" className="h-8 self-start px-3 text-xs sm:self-center" disabled={!hydrated}>
                          {t("remove")}
                        </Button>
                      }
                      title={t("removeTitle")}
                      description={device.current ? t("removeCurrentDescription") : t("removeDescription", { name: device.name || t("unnamed") })}
                      confirmLabel={t("removeConfirm")}
                      onConfirm={() => forget(device.id)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </SecuritySection>
  );
}
