"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { changePasswordSchema, type ChangePasswordInput } from "@/lib/validation/security";
import { changePasswordAction, endSessionsAction } from "@/lib/actions/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordChangeDialog } from "@/components/account/password-change-dialog";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { SecuritySection } from "./section";
import { useRefreshSessions, type SecurityPageRef } from "./page-ref";
import { applyFieldErrors } from "@/components/auth/form-errors";

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
  const [open, setOpen] = useState(false);
  const [changed, setChanged] = useState<Changed>(null);
  const [offer, setOffer] = useState<Offer>({ state: "idle" });
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm<ChangePasswordInput>({
    resolver: formResolver(changePasswordSchema),
    defaultValues: { oldPassword: "", password: "", confirmPassword: "", signOutOthers: true },
  });
  const { errors, isSubmitting } = formState;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      reset();
      setFormError(null);
    }
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await callAction(() => changePasswordAction(values, page));
    if (result.ok) {
      setChanged({ signedOutOthers: values.signOutOthers });
      setOffer({ state: "idle" });
      onOpenChange(false);
      if (values.signOutOthers) void refreshSessions();
      return;
    }
    const fields = ["oldPassword", "password", "confirmPassword"] as const;
    if (!applyFieldErrors(result.error, fields, setError)) setFormError(text.action(result.error));
  });

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
          open={open}
          onOpenChange={onOpenChange}
          trigger={trigger}
          onSubmit={onSubmit}
          fields={{
            oldPassword: register("oldPassword"),
            password: register("password"),
            confirmPassword: register("confirmPassword"),
            signOutOthers: register("signOutOthers"),
          }}
          errors={{
            oldPassword: text.field(errors.oldPassword?.message),
            password: text.field(errors.password?.message),
            confirmPassword: text.field(errors.confirmPassword?.message),
          }}
          formError={formError}
          pending={isSubmitting}
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
