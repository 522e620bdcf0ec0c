"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { changePasswordAction, endSessionsAction } from "@/lib/actions/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordChangeDialog } from "@/components/account/password-change-dialog";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { SecuritySection } from "./section";
import { useRefreshSessions, type SecurityPageRef } from "./page-ref";

type Offer = { state: "idle" | "ending" } | { state: "ended"; count: number } | { state: "failed"; message: string };
type Changed = null | { signedOutOthers: boolean };

/**
 * Password (PATCH /v1/user/password): the current one, the new one twice (SPEC §5), in a
 * dialog. Other devices are signed out with the change unless the user unticked it; then the
 * section offers to end the other sessions afterwards.
 */
export function PasswordSection({ page }: { page: SecurityPageRef }) {
  const t = useTranslations("security.password");
  const text = useErrorText();
  const hydrated = useHydrated();
  const refreshSessions = useRefreshSessions();
  const [changed, setChanged] = useState<Changed>(null);
  const [offer, setOffer] = useState<Offer>({ state: "idle" });

  async function endOthers() {
    setOffer({ state: "ending" });
    const result = await callAction(() => endSessionsAction({}, page));
    if (!result.ok) {
      setOffer({ state: "failed", message: text.action(result.error) });
      return;
    }
    setOffer({ state: "ended", count: result.ended });
    void refreshSessions();
  }

  const trigger = (
    <Button variant="secondary" className="h-9" disabled={!hydrated}>
      {t("change")}
    </Button>
  );

  return (
    <SecuritySection
      id="password"
      title={t("title")}
      description={t("description")}
      action={
        <PasswordChangeDialog
          label={(key) => t(key)}
          trigger={trigger}
          send={(values) => changePasswordAction(values, page)}
          onChanged={(values) => {
            setChanged({ signedOutOthers: values.signOutOthers });
            setOffer({ state: "idle" });
            if (values.signOutOthers) void refreshSessions();
          }}
        />
      }
    >
      {changed ? (
        <div className="flex flex-col gap-3 rounded-lg border border-green-200 bg-green-50 p-4">
          <p role="status" className="text-sm font-medium text-green-900">
            {changed.signedOutOthers ? t("changedSignedOut") : t("changed")}
          </p>
          {changed.signedOutOthers ? null : offer.state === "ended" ? (
            <p role="status" className="text-sm text-green-900">
              {t("othersEnded", { count: offer.count })}
            </p>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-gray-800">{t("endOthersOffer")}</p>
              <Button variant="secondary" className="h-9 shrink-0" pending={offer.state === "ending"} onClick={endOthers}>
                {t("endOthers")}
              </Button>
            </div>
          )}
          {offer.state === "failed" ? <Alert tone="error">{offer.message}</Alert> : null}
        </div>
      ) : null}
    </SecuritySection>
  );
}
