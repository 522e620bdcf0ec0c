"use client";

import { lazyPart } from "@/components/ui/lazy-part";
import { useTranslations } from "next-intl";

/**
 * Parts of the sign-in screens most visitors never open, loaded when they are: the step of a
 * held sign-in (the new-device code after a 20109, two-step's second step after a 20901) here, the emailed-code login (its tab) in lazy-code-login.tsx (which
 * itself shows the new-device step, so it cannot live in this file without a cycle). The public pages' first load stays
 * inside its script budget.
 */
export function Loading() {
  const t = useTranslations("common");
  return (
    <p role="status" className="py-6 text-center text-sm text-gray-700">
      {t("loading")}
    </p>
  );
}

export const HoldStep = lazyPart(() => import("./hold-step").then((module) => module.HoldStep), Loading);
