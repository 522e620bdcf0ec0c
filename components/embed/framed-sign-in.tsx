"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { EMBED_PARAM, readPortalMessage, RELAY_PARAM, WINDOW_MODE } from "@/lib/contract/host-bridge";
import { isFramed, parentOrigin } from "@/lib/bridge/host-bridge";
import { launchQueryFromLocation } from "@/lib/bridge/launch-query";
import { completeSignIn, EMBED_BLOCKED_EVENT } from "@/lib/bridge/session";
import { framedCookiesWork, requestStorageAccess, storageAccessState, withoutUserActivation } from "@/lib/bridge/storage-access";
import type { SignInResult } from "@/lib/session/action-result";
import { fetchApi } from "@/lib/session/api-answer";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

type Note = "windowBlocked" | "signedInElsewhere" | "storageDenied" | "noBrowserSession";
type Adopted = { signedIn: false } | ({ signedIn: true } & SignInResult);

/** The browser's own portal sign-in, once this frame may read its cookie; false when there is none. */
async function adoptBrowserSession(lang: string): Promise<boolean> {
  const query = launchQueryFromLocation();
  query.set("lang", lang);
  const answer = await fetchApi<Adopted>(`/api/embed/adopt?${query}`, { method: "POST", cache: "no-store" });
  if (!answer.ok || !answer.data.signedIn) return false;
  await completeSignIn(answer.data);
  return true;
}

/**
 * Signing in inside a host's frame (docs/embedding.md). Where the browser keeps no cookie in the
 * frame, the page says so and offers a new window (window mode) instead of a sign-in that cannot
 * last; the window hands the sign-in back to this frame, which passes it on to the host. Where the
 * browser offers the Storage Access API, a user already signed in to the portal in this browser
 * can use that sign-in with a click, or at once where the browser grants it unasked (after a
 * FedCM sign-in on the host's page, docs/fedcm.md).
 */
export function FramedSignIn({ lang }: { lang: string }) {
  const t = useTranslations("embed");
  const [framed, setFramed] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [access, setAccess] = useState<"granted" | "available" | "unsupported">("unsupported");
  const [note, setNote] = useState<Note | null>(null);
  const [pending, setPending] = useState(false);
  const opened = useRef<Window | null>(null);

  useEffect(() => {
    if (!isFramed()) return;
    const timer = window.setTimeout(() => {
      setFramed(true);
      setBlocked(!framedCookiesWork());
    }, 0);
    const unmounted = new AbortController();
    void storageAccessState().then(async (state) => {
      setAccess(state);
      if (state !== "available") return;
      // after a FedCM sign-in on the host's page, Chromium grants storage access without a prompt
      // or a click (docs/fedcm.md); elsewhere this is refused at once and the frame offers its
      // button. Asked only once the host's click has lapsed, so it is never the browser's prompt.
      await withoutUserActivation(unmounted.signal);
      if (!unmounted.signal.aborted && (await requestStorageAccess())) await adoptBrowserSession(lang);
    });
    const onBlocked = () => setBlocked(true);
    // the window this frame opened signed the user in and handed the session to the host itself
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !opened.current || event.source !== opened.current) return;
      if (readPortalMessage(event.data)?.type === "login") setNote("signedInElsewhere");
    };
    window.addEventListener(EMBED_BLOCKED_EVENT, onBlocked);
    window.addEventListener("message", onMessage);
    return () => {
      unmounted.abort();
      window.clearTimeout(timer);
      window.removeEventListener(EMBED_BLOCKED_EVENT, onBlocked);
      window.removeEventListener("message", onMessage);
    };
  }, [lang]);

  function openWindow() {
    const query = launchQueryFromLocation();
    query.set(EMBED_PARAM, WINDOW_MODE);
    const host = parentOrigin();
    if (host) query.set(RELAY_PARAM, host);
    const win = window.open(`/${lang}/login?${query}`, "passport-sign-in", "popup=yes,width=480,height=720");
    opened.current = win;
    setNote(win ? null : "windowBlocked");
  }

  async function useBrowserSession() {
    setPending(true);
    setNote(null);
    if (!(await requestStorageAccess())) {
      setNote("storageDenied");
      setPending(false);
      return;
    }
    if (!(await adoptBrowserSession(lang))) setNote("noBrowserSession");
    setPending(false);
  }

  if (!framed) return null;
  const useSession = (
    <Button variant="ghost" className="h-auto px-1" onClick={useBrowserSession} pending={pending}>
      {t("useBrowserSession")}
    </Button>
  );
  return (
    <div className="mt-4 flex flex-col gap-3">
      {blocked ? (
        <Alert tone="warning" className="flex flex-col gap-2">
          <span>{t("blocked")}</span>
          <Button variant="secondary" onClick={openWindow}>
            {t("openWindow")}
          </Button>
          {access !== "unsupported" ? useSession : null}
        </Alert>
      ) : access !== "unsupported" ? (
        <p className="text-center text-sm text-muted">
          {t("askStorageAccess")} {useSession}
        </p>
      ) : null}
      {note ? <Alert tone={note === "signedInElsewhere" ? "success" : "error"}>{t(note)}</Alert> : null}
    </div>
  );
}
