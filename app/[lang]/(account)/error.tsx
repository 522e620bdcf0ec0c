"use client";

import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Shown when the user centre cannot load (the services are down or answered an error). */
export default function AccountError({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations("common");
  return (
    <div className="flex flex-col items-start gap-4 rounded-xl border border-gray-200 bg-white p-6">
      <Alert tone="error">{t("loadFailed")}</Alert>
      <Button onClick={reset}>{t("retry")}</Button>
    </div>
  );
}
