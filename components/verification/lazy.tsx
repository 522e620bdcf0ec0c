"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { useTranslations } from "next-intl";

function Loading() {
  const t = useTranslations("verification");
  return (
    <p role="status" className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-700">
      {t("loading")}
    </p>
  );
}

/**
 * Human verification, loaded only when a form needs it: its widgets (and the provider scripts they
 * load) stay out of the public pages' first load.
 */
export const HumanVerification = lazyPart(() => import("./human-verification").then((module) => module.HumanVerification), Loading, true);
