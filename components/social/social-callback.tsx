"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { completeSocialReturnAction } from "@/lib/actions/social/return";
import { Alert } from "@/components/ui/alert";
import { completeSignIn } from "@/lib/bridge/sign-in";
import type { SocialTwoStep } from "@/lib/social/return";
import { HoldStep } from "@/components/auth/lazy";
import { browser } from "@/lib/bridge/browser";

/**
 * The script of /{lang}/authcb: takes the services' answer out of the address (history
 * replaced before anything else runs, so the token stays in no history entry or referrer),
 * lets the server store the session, and finishes like any sign-in: a host that launched the
 * portal (a frame, or a window in window mode) gets `login` and the token (docs/host-protocol.md),
 * and the browser moves on without this page in its history. A sign-in two-step holds (20901)
 * asks for its second step here, with the ticket kept in the page's memory only.
 */
export function SocialCallback({ lang }: { lang: string }) {
  const t = useTranslations("social.callback");
  const [failed, setFailed] = useState(false);
  const [twoStep, setTwoStep] = useState<SocialTwoStep | null>(null);
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const search = window.location.search;
    window.history.replaceState(null, "", window.location.pathname);
    completeSocialReturnAction(lang, search)
      .then((result) => ("twoStep" in result ? setTwoStep(result.twoStep) : completeSignIn(result, "replace")))
      .catch(() => setFailed(true));
  }, [lang]);

  // This page stays for the second step. The first replaceState ran before Next's router took
  // over history (a child's effect runs before the router's), so the router still holds the
  // address with the query and would write it back when the action's answer refreshes it; now
  // the router hears of the clean address too.
  useEffect(() => {
    if (twoStep) window.history.replaceState(null, "", window.location.pathname);
  }, [twoStep]);

  // two-step sign-in is on: no session yet, the second step of every held sign-in comes first
  if (twoStep) {
    const hold = { kind: "twoStep", challenge: twoStep.ticket, remember: true } as const;
    return (
      <div className="flex w-full max-w-sm flex-col gap-4">
        <h1 className="text-2xl font-semibold text-gray-900">{t("title")}</h1>
        <HoldStep hold={hold} page={{ lang, query: twoStep.query }} onBack={() => browser.assign(twoStep.back)} />
      </div>
    );
  }

  return (
    <div className="flex max-w-sm flex-col items-center gap-4 text-center">
      <h1 className="text-lg font-semibold text-gray-900">{t("title")}</h1>
      {failed ? (
        <>
          <Alert tone="error">{t("failed")}</Alert>
          <a className="font-medium text-primary-strong hover:underline" href={`/${lang}/login`}>
            {t("toLogin")}
          </a>
        </>
      ) : (
        <p role="status" className="text-sm text-muted">
          {t("working")}
        </p>
      )}
    </div>
  );
}
