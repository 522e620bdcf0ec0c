"use client";

import { useTranslations } from "next-intl";
import { useEmbedded } from "./use-embedded";

/** The copyright line, hidden when the portal is embedded in a host (SPEC §2). */
export function Copyright({ nativeApp }: { nativeApp: boolean }) {
  const t = useTranslations("common");
  const embedded = useEmbedded();
  if (embedded || nativeApp) return null;
  return (
    <footer className="px-6 py-4 text-center text-xs text-muted">
      <p>{t("copyright", { year: new Date().getFullYear() })}</p>
      <p>{t("version", { version: "1.11.19" })}</p>
    </footer>
  );
}
