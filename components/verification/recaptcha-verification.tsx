"use client";

import { useEffect, useRef } from "react";
import type { VerificationValue } from "@/lib/validation/verification";
import { loadScript } from "./load-script";

type Grecaptcha = {
  ready: (callback: () => void) => void;
  render: (
    container: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; "expired-callback"?: () => void; hl?: string },
  ) => number;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

/** Google reCAPTCHA (regions outside China), rendered explicitly with the services' site key. */
export function RecaptchaVerification({
  siteKey,
  lang,
  onVerified,
  onScriptError,
}: {
  siteKey: string;
  lang: string;
  onVerified: (value: VerificationValue) => void;
  onScriptError: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const verified = useRef(onVerified);
  const scriptError = useRef(onScriptError);
  useEffect(() => {
    verified.current = onVerified;
    scriptError.current = onScriptError;
  });

  useEffect(() => {
    let live = true;
    const hl = lang === "zh" ? "zh-CN" : "en";
    loadScript(`https://www.google.com/recaptcha/api.js?render=explicit&hl=${hl}`)
      .then(() => {
        const grecaptcha = window.grecaptcha;
        if (!grecaptcha) throw new Error("reCAPTCHA missing");
        grecaptcha.ready(() => {
          const element = container.current;
          if (!live || !element) return;
          grecaptcha.render(element, { sitekey: siteKey, hl, callback: (token) => verified.current({ provider: "recaptcha", value: token }) });
        });
      })
      .catch(() => {
        if (live) scriptError.current();
      });
    return () => {
      live = false;
    };
  }, [siteKey, lang]);

  return <div ref={container} />;
}
