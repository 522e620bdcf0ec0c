"use client";

import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { ErrorCode } from "@/lib/contract/errors";
import { passkeyProofOptionsAction, proveWithPasskeyAction } from "@/lib/actions/passkeys";
import { askForPasskey, passkeyCancelled, passkeyForbidden, passkeysUsable } from "@/lib/passkeys/browser";
import { Button } from "@/components/ui/button";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import type { StepUpMethodProps } from "./types";

/** Step-up with one of the account's passkeys (the browser's dialog); hidden where passkeys cannot be used. */
export function PasskeyProof({ page, onProven, onError }: StepUpMethodProps) {
  const t = useTranslations("passkeys");
  const text = useErrorText();
  const [usable, setUsable] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setUsable(passkeysUsable("get")), 0);
    return () => window.clearTimeout(timer);
  }, []);

  async function prove() {
    onError(null);
    setPending(true);
    try {
      const options = await callAction(() => passkeyProofOptionsAction(page));
      if (!options.ok) return onError(text.action(options.error));
      let response;
      try {
        response = await askForPasskey(options.options);
      } catch (failure) {
        if (passkeyForbidden(failure)) setUsable(false);
        else if (!passkeyCancelled(failure)) onError(text.action({ code: ErrorCode.passkeyMalformed }));
        return;
      }
      const result = await callAction(() => proveWithPasskeyAction({ attempt: options.attempt, response }, page));
      if (!result.ok) return onError(text.action(result.error));
      onProven();
    } finally {
      setPending(false);
    }
  }

  if (!usable) return null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">{t("stepUpHint")}</p>
      <Button type="button" variant="secondary" pending={pending} onClick={() => void prove()}>
        {t("stepUp")}
      </Button>
    </div>
  );
}
