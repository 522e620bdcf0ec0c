"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** Copies a value; says "Copied", or "Copy failed" when the browser refuses the clipboard. */
export function CopyButton({ value }: { value: string }) {
  const t = useTranslations("training.sn");
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard");
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <div className="flex items-center gap-2">
      <Button type="button" variant="secondary" className="h-9" onClick={copy}>
        {t("copy")}
      </Button>
      {state === "idle" ? null : (
        <span role={state === "failed" ? "alert" : "status"} className={state === "failed" ? "text-sm text-danger" : "text-sm text-primary-strong"}>
          {state === "failed" ? t("copyFailed") : t("copied")}
        </span>
      )}
    </div>
  );
}
