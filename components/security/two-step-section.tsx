"use client";

import { useRef, useState, type KeyboardEvent } from "react";
import { useTranslations } from "next-intl";
import type { TwoStepStatus } from "@/lib/contract/two-step";
import { errorMessageKey } from "@/lib/contract/errors";
import type { VerificationSetup } from "@/lib/validation/verification";
import { renewRecoveryCodesAction, turnOffTwoStepAction } from "@/lib/actions/two-step";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useFocusAfterRender } from "@/components/ui/use-focus-after-render";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useErrorText } from "@/components/auth/use-error-text";
import { useStepUp } from "@/components/step-up/use-step-up";
import type { SecurityPageRef } from "./page-ref";
import { RecoveryCodesPanel } from "./recovery-codes-panel";
import { Badge, SecuritySection } from "./section";
import { TwoStepSetupDialog } from "./two-step-setup-dialog";

type Props = { page: SecurityPageRef; initial: TwoStepStatus | null; initialError: number | null; email: string; verification: VerificationSetup };

/**
 * Two-step sign-in with an authenticator app: turning it on (the setup dialog, then the recovery
 * codes once), how many recovery codes are left, new ones, turning it off. New codes and off
 * lower what protects the account, so they go through step-up (a recent proof: the password, an
 * emailed code, or an authenticator code). Keyboard focus never falls to the page: whatever
 * closes (the setup dialog, the codes, the question) gives it back to the control that opened
 * it, or, when that control has gone, to what replaced it.
 */
export function TwoStepSection({ page, initial, initialError, email, verification }: Props) {
  const t = useTranslations("twoStep.section");
  const te = useTranslations("errors");
  const text = useErrorText();
  const hydrated = useHydrated();
  const stepUp = useStepUp({ page, email, verification });
  const [status, setStatus] = useState<TwoStepStatus | null>(initial);
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<{ list: string[]; from: "setup" | "renew" } | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // the controls focus goes back to when what covered them goes away
  const turnOnButton = useRef<HTMLButtonElement>(null);
  const turnOffButton = useRef<HTMLButtonElement>(null);
  const newCodesButton = useRef<HTMLButtonElement>(null);
  const offCancelButton = useRef<HTMLButtonElement>(null);
  const codesLeftText = useRef<HTMLParagraphElement>(null);
  const focusAfter = useFocusAfterRender();

  function enabled(recoveryCodes: string[]) {
    setStatus({ enabled: true, since: new Date().toISOString(), recoveryCodesLeft: recoveryCodes.length });
    setCodes({ list: recoveryCodes, from: "setup" });
    setNotice(t("turnedOn"));
  }

  async function renew() {
    setError(null);
    setNotice(null);
    setBusy(true);
    const result = await stepUp.guard(() => renewRecoveryCodesAction(page), "newRecoveryCodes");
    setBusy(false);
    if (!result.ok) {
      focusAfter(() => newCodesButton.current);
      return setError(text.action(result.error));
    }
    setStatus((current) => (current ? { ...current, recoveryCodesLeft: result.recoveryCodes.length } : current));
    setCodes({ list: result.recoveryCodes, from: "renew" });
  }

  async function turnOff() {
    setError(null);
    setNotice(null);
    setBusy(true);
    const result = await stepUp.guard(() => turnOffTwoStepAction(page), "twoStepOff");
    setBusy(false);
    setConfirmingOff(false);
    if (!result.ok) {
      focusAfter(() => turnOffButton.current);
      return setError(text.action(result.error));
    }
    setStatus(result.status);
    setCodes(null);
    setNotice(t("turnedOff"));
    focusAfter(() => turnOnButton.current);
  }

  function askOff() {
    setNotice(null);
    setConfirmingOff(true);
    focusAfter(() => offCancelButton.current);
  }

  function cancelOff() {
    setConfirmingOff(false);
    focusAfter(() => turnOffButton.current);
  }

  /** Escape answers the question "no", as it closes a dialog. */
  function questionKey(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape" || busy) return;
    event.preventDefault();
    cancelOff();
  }

  function codesSaved() {
    // opened by "New recovery codes", focus goes back to it; after turning on, the "Turn on"
    // button is gone, so to what the section says now
    const renewed = codes?.from === "renew";
    focusAfter(() => (renewed ? newCodesButton.current : codesLeftText.current));
    setCodes(null);
  }

  const on = status?.enabled === true;
  const action = status ? (
    on ? (
      <Badge tone="success">{t("on")}</Badge>
    ) : (
      <Button ref={turnOnButton} type="button" className="h-9" disabled={!hydrated} onClick={() => { setNotice(null); setSettingUp(true); }}>
        {t("turnOn")}
      </Button>
    )
  ) : null;

  return (
    <SecuritySection id="two-step" title={t("title")} description={t("description")} action={action}>
      <div className="flex flex-col gap-3">
        {initialError !== null && !status ? <Alert tone="error">{te(errorMessageKey(initialError), { seconds: 60 })}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {codes ? <RecoveryCodesPanel codes={codes.list} onDone={codesSaved} /> : null}
        {on && !codes ? (
          <>
            <p ref={codesLeftText} tabIndex={-1} className="text-sm text-gray-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong">
              {t("codesLeft", { count: status.recoveryCodesLeft })}
            </p>
            {confirmingOff ? (
              <div role="group" aria-labelledby="two-step-off-question" onKeyDown={questionKey} className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4">
                <p id="two-step-off-question" className="text-sm text-gray-900">
                  {t("offQuestion")}
                </p>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button ref={offCancelButton} type="button" variant="secondary" className="h-9" disabled={busy} onClick={cancelOff}>
                    {t("cancel")}
                  </Button>
                  <Button type="button" variant="danger" className="h-9" pending={busy} onClick={() => void turnOff()}>
                    {t("turnOff")}
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button ref={newCodesButton} type="button" variant="secondary" className="h-9" pending={busy} disabled={!hydrated} onClick={() => void renew()}>
                  {t("newCodes")}
                </Button>
                <Button ref={turnOffButton} type="button" variant="secondary" className="h-9" disabled={!hydrated || busy} onClick={askOff}>
                  {t("turnOff")}
                </Button>
              </div>
            )}
          </>
        ) : null}
      </div>
      <TwoStepSetupDialog page={page} open={settingUp} onOpenChange={setSettingUp} onEnabled={enabled} returnFocus={() => turnOnButton.current} />
      {stepUp.dialog}
    </SecuritySection>
  );
}
