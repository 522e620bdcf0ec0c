"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { completeSocialReturnAction } from "@/app/[lang]/(auth)/authcb/actions";
import { Alert } from "@/components/ui/alert";
import { notifyOpener } from "./notify-opener";

/** SPEC §4: the host is sent the token after a 500 ms delay. */
const NOTIFY_DELAY_MS = 500;

/**
 * The script of /{lang}/authcb: takes the services' answer out of the address (history
 * replaced before anything else runs, so the token stays in no history entry or referrer),
 * lets the server store the session, tells the window that opened the portal, and moves on.
 */
export function SocialCallback({ lang }: { lang: string }) {
  const t = useTranslations("social.callback");
  const [failed, setFailed] = useState(false);
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const search = window.location.search;
    window.history.replaceState(null, "", window.location.pathname);
    completeSocialReturnAction(lang, search)
      .then(async (result) => {
        if (result.notify && window.opener && window.opener !== window) {
          await new Promise((resolve) => window.setTimeout(resolve, NOTIFY_DELAY_MS));
          notifyOpener(window.opener as Window, result.notify);
        }
        window.location.replace(result.redirect);
      })
      .catch(() => setFailed(true));
  }, [lang]);

  return (
    <div className="flex max-w-sm flex-col items-center gap-4 text-center">
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
