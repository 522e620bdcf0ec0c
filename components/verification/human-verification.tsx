"use client";

import { useCallback, useState } from "react";
import { useTranslations } from "next-intl";
import type { VerificationScene } from "@/lib/contract/verification";
import type { VerificationSetup, VerificationValue } from "@/lib/validation/verification";
import { errorMessageKey } from "@/lib/contract/errors";
import { Alert } from "@/components/ui/alert";
import { AltchaVerification } from "./altcha-verification";
import { RecaptchaVerification } from "./recaptcha-verification";
import { AliyunVerification } from "./aliyun-verification";
import { reportScriptFailure } from "./load-script";
import { useVerificationSetup } from "./use-verification-setup";

const ALIYUN_SCENE = "nvc_login";

export type HumanVerificationProps = {
  /** the services' choice when the page already has it; otherwise it is fetched */
  setup?: VerificationSetup;
  /** what the verification is for; the ticket is bound to it and to the email */
  scene: VerificationScene;
  email: string;
  lang: string;
  query: string;
  onVerified: (value: VerificationValue) => void;
  /** a line above the widget; defaults to 'Please complete the verification to continue.' */
  prompt?: string;
};

/**
 * Human verification with the provider the services name (GET /v1/verify/config): the
 * self-hosted ALTCHA proof of work, Google reCAPTCHA or Aliyun nvc. A script that cannot be
 * loaded shows code 1002 'captcha script load failed' and is reported to the portal's log.
 */
export function HumanVerification({ setup: given, scene, email, lang, query, onVerified, prompt }: HumanVerificationProps) {
  const setup = useVerificationSetup(given);
  const t = useTranslations("verification");
  const te = useTranslations("errors");
  const [scriptFailed, setScriptFailed] = useState(false);
  const [done, setDone] = useState(false);
  const provider = setup?.ok ? setup.config.provider : null;

  const onScriptError = useCallback(() => {
    setScriptFailed(true);
    if (provider) reportScriptFailure(provider);
  }, [provider]);

  const verified = useCallback(
    (value: VerificationValue) => {
      setDone(true);
      onVerified(value);
    },
    [onVerified],
  );

  let body;
  if (!setup) {
    body = <p role="status" className="text-sm text-gray-700">{t("loading")}</p>;
  } else if (!setup.ok) {
    body = <Alert tone="error">{te(errorMessageKey(setup.code), { seconds: 60 })}</Alert>;
  } else if (scriptFailed) {
    body = <Alert tone="error">{te("captchaScript")}</Alert>;
  } else if (setup.config.provider === "altcha") {
    body = <AltchaVerification scene={scene} email={email} lang={lang} query={query} onVerified={verified} onScriptError={onScriptError} />;
  } else if (!setup.config.siteKey) {
    body = <Alert tone="error">{t("unavailable")}</Alert>;
  } else if (setup.config.provider === "recaptcha") {
    body = <RecaptchaVerification siteKey={setup.config.siteKey} lang={lang} onVerified={verified} onScriptError={onScriptError} />;
  } else {
    body = (
      <AliyunVerification
        appKey={setup.config.siteKey}
        scene={setup.config.scene ?? ALIYUN_SCENE}
        lang={lang}
        onVerified={verified}
        onScriptError={onScriptError}
      />
    );
  }

  return (
    <section aria-label={t("title")} className="flex flex-col gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3">
      {done ? null : <p className="text-sm text-gray-800">{prompt ?? t("prompt")}</p>}
      {body}
    </section>
  );
}
