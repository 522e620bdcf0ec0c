"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { continueAsAction, notMeAction, type HandoffAnswer } from "@/lib/actions/auth/address-handoff";
import { browser } from "@/lib/bridge/browser";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "./use-error-text";

/**
 * "Continue as a***@example.com?" (app/[lang]/(auth)/continue): the visitor's two answers, each a
 * server action called with its arguments (as every form of the portal), then where it says.
 * The buttons wait for the page's script, so an early click is never lost.
 */
export function ContinueAs({ lang, account }: { lang: string; account: string }) {
  const t = useTranslations("addressHandoff");
  const text = useErrorText();
  const hydrated = useHydrated();
  const [pending, setPending] = useState<"continue" | "notMe" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function answer(which: "continue" | "notMe") {
    setPending(which);
    setError(null);
    const result = await callAction<HandoffAnswer>(() => (which === "continue" ? continueAsAction(lang) : notMeAction(lang)));
    if ("redirect" in result) return browser.assign(result.redirect);
    setError(text.action(result.error));
    setPending(null);
  }

  return (
    <div className="flex flex-col gap-3">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button disabled={!hydrated || pending !== null} pending={pending === "continue"} onClick={() => void answer("continue")} data-analytics-id="addressHandoffContinue">
        {t("continue", { account })}
      </Button>
      <Button variant="secondary" disabled={!hydrated || pending !== null} pending={pending === "notMe"} onClick={() => void answer("notMe")} data-analytics-id="addressHandoffNotMe">
        {t("notMe")}
      </Button>
    </div>
  );
}
