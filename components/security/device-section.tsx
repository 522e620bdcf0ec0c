"use client";

import { useId, useState } from "react";
import * as Switch from "@radix-ui/react-switch";
import { useTranslations } from "next-intl";
import { clsx } from "clsx";
import type { DeviceSecurity } from "@/lib/upstream/security";
import { DEVICE_PAGE_SIZES } from "@/lib/validation/security";
import { errorMessageKey } from "@/lib/contract/errors";
import { forgetDeviceAction, setDeviceSecurityAction } from "@/lib/actions/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { useStepUp } from "@/components/step-up/use-step-up";
import type { VerificationSetup } from "@/lib/validation/verification";
import { KnownDeviceList } from "./known-device-list";
import { Pagination } from "./pagination";
import { SecuritySection } from "./section";
import type { SecurityPageRef } from "./page-ref";
import { useKnownDevices } from "./use-session-log";

type Props = {
  page: SecurityPageRef;
  initial: DeviceSecurity | null;
  initialError: number | null;
  /** the account's own address and human verification, for the step-up dialog's emailed code */
  owner: { email: string; verification: VerificationSetup };
};

/**
 * Device security: with the switch on, a sign-in from a browser this account has not used asks
 * for a code emailed to the account; switching it off lowers the account's protection, so it goes
 * through the step-up like every guarded change (a recent proof, else the step-up dialog). Below it
 * the known devices, a page at a time (/api/devices, like the login log), each of which can be
 * forgotten.
 */
export function DeviceSection({ page, initial, initialError, owner }: Props) {
  const t = useTranslations("security.devices");
  const te = useTranslations("errors");
  const text = useErrorText();
  const hydrated = useHydrated();
  const descriptionId = useId();
  const [number, setNumber] = useState(1);
  const [size, setSize] = useState<number>(DEVICE_PAGE_SIZES[0]);
  const { data, error: readError, isValidating, mutate } = useKnownDevices(page, number, size, initial);
  const readFailure = readError?.code ?? (data ? null : initialError);
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const stepUp = useStepUp({ page, email: owner.email, verification: owner.verification });

  async function toggle(enabled: boolean) {
    setError(null);
    setNotice(null);
    setSwitching(true);
    // off without a recent proof is refused with 20113, which opens the step-up dialog
    const result = await stepUp.guard(() => setDeviceSecurityAction({ enabled }, page), "deviceSecurityOff");
    setSwitching(false);
    if (!result.ok) return setError(text.action(result.error));
    await showSwitch(result.security.enabled);
    setNotice(t(enabled ? "turnedOn" : "turnedOff"));
  }

  /** The switch shows the new state at once; the page of devices is read again (on adds this device). */
  async function showSwitch(enabled: boolean) {
    await mutate((current) => (current ? { ...current, enabled } : current), { revalidate: true });
  }

  async function forget(id: string): Promise<string | null> {
    setNotice(null);
    const result = await callAction(() => forgetDeviceAction({ id }, page));
    if (!result.ok) return text.action(result.error);
    // the last device of a later page was removed: show the page before it
    if (data && data.devices.length === 1 && number > 1) setNumber(number - 1);
    else await mutate();
    setNotice(t("removed"));
    return null;
  }

  const toggleControl = (
    <div className="flex items-center gap-3">
      <span aria-hidden className="text-sm font-medium text-gray-800">
        {data?.enabled ? t("on") : t("off")}
      </span>
      <Switch.Root
        checked={data?.enabled ?? false}
        onCheckedChange={toggle}
        disabled={!hydrated || switching || !data}
        aria-label={t("switchLabel")}
        aria-describedby={descriptionId}
        className={clsx(
          "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-60",
          "bg-gray-300 data-[state=checked]:bg-primary-strong",
        )}
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-[1.375rem]" />
      </Switch.Root>
      {stepUp.dialog}
    </div>
  );

  const shown = data ?? null;
  return (
    <SecuritySection id="devices" title={t("title")} description={<span id={descriptionId}>{t("description")}</span>} action={toggleControl}>
      <div className="flex flex-col gap-3">
        {error ? <Alert tone="error">{error}</Alert> : null}
        {readFailure !== null ? (
          <div className="flex flex-col items-start gap-3">
            <Alert tone="error">{te(errorMessageKey(readFailure), { seconds: 60 })}</Alert>
            <Button variant="secondary" className="h-9" onClick={() => void mutate()} pending={isValidating}>
              {t("retry")}
            </Button>
          </div>
        ) : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {shown ? (
          <>
            <h3 className="text-sm font-medium text-gray-800">{t("knownDevices")}</h3>
            <KnownDeviceList devices={shown.devices} busy={isValidating} onForget={forget} />
            {shown.total > 0 ? (
              <Pagination
                page={number}
                pageSize={size}
                total={shown.total}
                totalText={t("total", { total: shown.total })}
                sizes={DEVICE_PAGE_SIZES}
                disabled={!hydrated}
                onPage={setNumber}
                onPageSize={(next) => {
                  setSize(next);
                  setNumber(1);
                }}
              />
            ) : null}
          </>
        ) : null}
      </div>
    </SecuritySection>
  );
}
