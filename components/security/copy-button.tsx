"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/**
 * Copies a text to the clipboard and says so in a polite live region ("Copied", or that the
 * browser refused: the text is on screen to select by hand).
 */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useTranslations("twoStep");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button type="button" variant="secondary" className="h-9" onClick={() => void copy()}>
        {label}
      </Button>
      <span role="status" className="text-xs text-muted">
        {state === "copied" ? t("copied") : state === "failed" ? t("copyFailed") : ""}
      </span>
    </span>
  );
}
