"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { changePasswordSchema, type ChangePasswordInput } from "@/lib/validation/security";
import { changeEnterprisePasswordAction } from "@/lib/actions/business-profile";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { PasswordChangeDialog } from "@/components/account/password-change-dialog";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { applyFieldErrors } from "@/components/auth/form-errors";
import { useViewReload } from "./account-view";

/**
 * The default-password warning (SPEC §1) and the dialog that changes the password
 * (PATCH /v1/enterprise/password); once changed, the warning is gone.
 */
export function EnterprisePassword({ lang, query, defaultPassword }: { lang: string; query: string; defaultPassword: boolean }) {
  const t = useTranslations("businessSettings");
  const text = useErrorText();
  const reload = useViewReload();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [isDefault, setIsDefault] = useState(defaultPassword);
  const [changed, setChanged] = useState(false);
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
    const result = await callAction(() => changeEnterprisePasswordAction(values, { lang, query }));
    if (result.ok) {
      setIsDefault(false);
      setChanged(true);
      onOpenChange(false);
      reload();
      return;
    }
    const fields = ["oldPassword", "password", "confirmPassword"] as const;
    if (!applyFieldErrors(result.error, fields, setError)) setFormError(text.action(result.error));
  });

  const trigger = (
    <Button variant={isDefault ? "primary" : "secondary"} className="h-9 self-start" disabled={!hydrated}>
      {t("changePassword")}
    </Button>
  );

  return (
    <div className="mt-4 flex flex-col gap-3">
      {isDefault ? <Alert tone="warning">{t("defaultPassword")}</Alert> : null}
      {changed ? <Alert tone="success">{t("changed")}</Alert> : null}
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
    </div>
  );
}
