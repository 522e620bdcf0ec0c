"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type {} from "altcha/types/react";
import type { VerificationScene } from "@/lib/contract/verification";
import type { VerificationValue } from "@/lib/validation/verification";
import { LAUNCH_PARAMS } from "@/lib/launch/keys";

const STRING_KEYS = [
  "ariaLinkLabel",
  "enterCode",
  "enterCodeAria",
  "error",
  "expired",
  "footer",
  "getAudioChallenge",
  "label",
  "loading",
  "reload",
  "verify",
  "verificationRequired",
  "verified",
  "verifying",
  "waitAlert",
] as const;

type Props = {
  scene: VerificationScene;
  email: string;
  lang: string;
  /** the page's launch parameters, for the services' app headers */
  query: string;
  onVerified: (value: VerificationValue) => void;
  onScriptError: () => void;
};

/**
 * The self-hosted proof-of-work check: ALTCHA's web component. Its challenge comes from the
 * portal's own /api/verification/challenge for this scene and email; the solved payload goes
 * to the form, whose server action turns it into a ticket.
 */
export function AltchaVerification({ scene, email, lang, query, onVerified, onScriptError }: Props) {
  const t = useTranslations("verification.widget");
  const [loaded, setLoaded] = useState(false);
  const widget = useRef<HTMLElement>(null);
  const verified = useRef(onVerified);
  const scriptError = useRef(onScriptError);
  useEffect(() => {
    verified.current = onVerified;
    scriptError.current = onScriptError;
  });

  const strings = Object.fromEntries(STRING_KEYS.map((key) => [key, t(key)]));
  const stringsKey = JSON.stringify(strings);

  useEffect(() => {
    let live = true;
    import("altcha")
      .then(() => {
        // The widget's own words come from messages/*.json, in the page's language.
        globalThis.$altcha.i18n.set(lang, JSON.parse(stringsKey) as Record<string, string>);
        if (live) setLoaded(true);
      })
      .catch(() => {
        if (live) scriptError.current();
      });
    return () => {
      live = false;
    };
  }, [lang, stringsKey]);

  useEffect(() => {
    const element = widget.current;
    if (!loaded || !element) return;
    const onEvent = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: unknown }>).detail?.payload;
      if (typeof payload === "string" && payload) verified.current({ provider: "altcha", value: payload });
    };
    element.addEventListener("verified", onEvent);
    return () => element.removeEventListener("verified", onEvent);
  }, [loaded]);

  if (!loaded) return <p className="text-sm text-muted">{t("loading")}</p>;
  const params = new URLSearchParams({ scene, email, lang });
  const given = new URLSearchParams(query);
  for (const name of LAUNCH_PARAMS) {
    const value = given.get(name);
    if (value !== null) params.set(name, value);
  }
  return (
    <altcha-widget
      ref={widget}
      challenge={`/api/verification/challenge?${params}`}
      language={lang}
      type="checkbox"
      configuration={JSON.stringify({ hideFooter: true })}
      style={{ "--altcha-max-width": "100%", "--altcha-color-primary": "#1b7d2f" }}
    />
  );
}
