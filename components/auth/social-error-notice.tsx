"use client";

import { useEffect, useState } from "react";
import { takeSocialFlash } from "@/lib/social/flash";
import { Alert } from "@/components/ui/alert";
import { useErrorText } from "./use-error-text";

/** Read (and removed) once per page load, so a re-run effect (Strict Mode) still sees it. */
let taken: ReturnType<typeof takeSocialFlash> | undefined;

/** Why a social sign-in did not work ('Social media authorization failed', …), on the login page it led back to. */
export function SocialErrorNotice() {
  const text = useErrorText();
  const [code, setCode] = useState<number | null>(null);

  useEffect(() => {
    taken ??= takeSocialFlash();
    const flash = taken;
    if (flash?.kind !== "error") return;
    const show = window.setTimeout(() => setCode(flash.code), 0);
    return () => window.clearTimeout(show);
  }, []);

  if (code === null) return null;
  return <Alert tone="error" className="mb-4">{text.action({ code })}</Alert>;
}
