"use client";

import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { ErrorCode } from "@/lib/contract/errors";
import type { PageRef } from "@/lib/session/action-result";
import { passkeySignInAction, passkeySignInOptionsAction } from "@/lib/actions/auth/passkey-login";
import { askForPasskey, autofillAvailable, passkeyCancelled, passkeyForbidden, passkeysUsable, signalPasskeys, signalUnknownPasskey } from "@/lib/passkeys/browser";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { callAction, useErrorText } from "./use-error-text";
import { goSignedIn } from "./use-password-sign-in";

/**
 * "Sign in with a passkey" on /login and /login-business, and the passkeys the email field's
 * autofill offers (conditional mediation: the field says `autocomplete="username webauthn"`).
 * Nothing shows in the server's HTML: once the browser says it can use passkeys here (not an old
 * webview, not a frame whose host withheld the permission) the button appears; a SecurityError
 * later hides it again. The passkey library is loaded only when a passkey is asked for.
 */
/**
 * `remember`: what the screen's "remember me" says when the passkey answers (read then: the autofill waits long).
 * `alone`: the only way offered (an app's passkey step-up): no "or" above the button, and this
 * shown instead when the browser cannot use passkeys.
 */
export function PasskeySignIn({ page, remember, alone }: { page: PageRef; remember: () => boolean; alone?: ReactNode }) {
  const t = useTranslations("passkeys");
  const text = useErrorText();
  // null until the browser has been asked
  const [usable, setUsable] = useState<boolean | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const live = useRef(true);
  // each round of the autofill is one pending request; a finished attempt starts the next
  const [round, setRound] = useState(0);

  async function run(autofill: boolean): Promise<void> {
    const options = await callAction(() => passkeySignInOptionsAction(page));
    if (!options.ok) {
      if (!autofill) setError(text.action(options.error));
      return;
    }
    let response;
    try {
      response = await askForPasskey(options.options, autofill);
    } catch (failure) {
      if (passkeyForbidden(failure)) return setUsable(false);
      if (!autofill) {
        if (!passkeyCancelled(failure)) setError(text.action({ code: ErrorCode.passkeyMalformed }));
        // the button's dialog took over from the autofill: hand the field back to it
        setRound((n) => n + 1);
      }
      return;
    }
    setPending(true);
    setError(null);
    const result = await callAction(() => passkeySignInAction({ attempt: options.attempt, response, remember: remember() }, page));
    if (result.ok) {
      // told before leaving, so a passkey removed on another device stops being offered here
      if (result.signals) await signalPasskeys(result.signals);
      return goSignedIn(result, "passkey");
    }
    if (result.error.unknownPasskey && options.options.rpId) void signalUnknownPasskey(options.options.rpId, response.id);
    setPending(false);
    setError(text.action(result.error));
    setRound((n) => n + 1);
  }

  // the autofill round reads the page, the translations and "remember me" of the moment
  const startAutofill = useEffectEvent(() => run(true));

  useEffect(() => {
    live.current = true;
    const timer = window.setTimeout(() => {
      if (!passkeysUsable("get")) return setUsable(false);
      setUsable(true);
      void autofillAvailable().then((available) => {
        if (available && live.current) void startAutofill();
      });
    }, 0);
    return () => {
      live.current = false;
      window.clearTimeout(timer);
    };
    // a round at a time: the autofill request stays pending until a passkey is chosen
  }, [round]);

  if (usable === null) return null;
  if (!usable) return alone ?? null;
  return (
    <div className="flex flex-col gap-3">
      {alone ? null : (
        <div className="flex items-center gap-3 text-xs text-muted" aria-hidden="true">
          <span className="h-px flex-1 bg-gray-200" />
          {t("or")}
          <span className="h-px flex-1 bg-gray-200" />
        </div>
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="button" variant="secondary" pending={pending} onClick={() => void run(false)}>
        {pending ? t("signingIn") : t("signIn")}
      </Button>
    </div>
  );
}
