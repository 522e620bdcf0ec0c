"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import type { VerificationValue } from "@/lib/validation/verification";
import { loadScript } from "./load-script";

type NvcInstance = { getNVCValAsync: (callback: (value: string) => void) => void };
type Awsc = {
  use: (
    name: "nvc",
    callback: (state: unknown, module: { init: (options: { appkey: string; scene: string; renderTo?: string; language?: string }) => NvcInstance }) => void,
  ) => void;
};

declare global {
  interface Window {
    AWSC?: Awsc;
  }
}

const AWSC_SCRIPT = "https://g.alicdn.com/AWSC/AWSC/awsc.js";

/**
 * Aliyun's traceless check (China region): the AWSC script computes an nvc value for the
 * scene (nvc_login) without asking the user anything; the services judge it.
 */
export function AliyunVerification({
  appKey,
  scene,
  lang,
  onVerified,
  onScriptError,
}: {
  appKey: string;
  scene: string;
  lang: string;
  onVerified: (value: VerificationValue) => void;
  onScriptError: () => void;
}) {
  const t = useTranslations("verification");
  const verified = useRef(onVerified);
  const scriptError = useRef(onScriptError);
  useEffect(() => {
    verified.current = onVerified;
    scriptError.current = onScriptError;
  });

  useEffect(() => {
    let live = true;
    loadScript(AWSC_SCRIPT)
      .then(() => {
        const awsc = window.AWSC;
        if (!awsc) throw new Error("AWSC missing");
        awsc.use("nvc", (_state, module) => {
          const nvc = module.init({ appkey: appKey, scene, language: lang === "zh" ? "cn" : "en" });
          nvc.getNVCValAsync((value) => {
            if (live && value) verified.current({ provider: "aliyun", value });
          });
        });
      })
      .catch(() => {
        if (live) scriptError.current();
      });
    return () => {
      live = false;
    };
  }, [appKey, scene, lang]);

  return <p className="text-sm text-muted">{t("checking")}</p>;
}
