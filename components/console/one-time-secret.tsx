"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/**
 * A secret the console shows once (a default password): selectable text and a copy button.
 * It lives only in this component's props; leaving the page forgets it.
 */
export function OneTimeSecret({ label, secret }: { label: string; secret: string }) {
  const t = useTranslations("console.common");
  const [copied, setCopied] = useState(false);
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
      <p>{label}</p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-white px-2 py-1 font-mono text-base text-gray-900" data-testid="one-time-secret">
          {secret}
        </code>
        <Button
          type="button"
          variant="secondary"
          className="h-9 px-3"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => setCopied(false));
          }}
        >
          {copied ? t("copied") : t("copy")}
        </Button>
      </div>
    </div>
  );
}
