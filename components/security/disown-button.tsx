"use client";

import { useTranslations } from "next-intl";
import { disownActivityAction } from "@/lib/actions/security";
import { completeSignOut } from "@/lib/bridge/sign-in";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { ConfirmDialog } from "./confirm-dialog";
import type { SecurityPageRef } from "./page-ref";

/**
 * "This wasn't me" on one event of the security activity: a confirmation that says exactly what
 * will happen (every device and app signed out, this browser too; the password stops working
 * until an emailed reset), then the browser leaves for the page that says what was done.
 */
export function DisownButton({ id, event, page }: { id: string; event: string; page: SecurityPageRef }) {
  const t = useTranslations("security.activity");
  const text = useErrorText();
  const hydrated = useHydrated();

  async function disown(): Promise<string | null> {
    const result = await callAction(() => disownActivityAction({ id }, page));
    if (!result.ok) return text.action(result.error);
    await completeSignOut(result.redirect);
    return null;
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="h-8 px-3 text-xs" disabled={!hydrated} aria-label={t("disownLabel", { event })}>
          {t("disown")}
        </Button>
      }
      title={t("disownTitle")}
      description={t("disownBody")}
      confirmLabel={t("disownConfirm")}
      onConfirm={disown}
    />
  );
}
