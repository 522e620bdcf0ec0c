"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { enterprisePasswordSchema, type EnterprisePasswordInput } from "@/lib/validation/auth";
import { changeEnterprisePasswordAction } from "@/app/[lang]/(account)/profile-business/profile-settings/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { PasswordField } from "@/components/auth/password-field";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { applyFieldErrors } from "@/components/auth/form-errors";

/**
 * The default-password warning (SPEC §1) and the dialog that changes the password
 * (PATCH /v1/enterprise/password); once changed, the warning is gone.
 */
export function EnterprisePassword({ lang, query, defaultPassword }: { lang: string; query: string; defaultPassword: boolean }) {
  const t = useTranslations("businessSettings");
  const text = useErrorText();
  const router = useRouter();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [isDefault, setIsDefault] = useState(defaultPassword);
  const [changed, setChanged] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, setError } = useForm<EnterprisePasswordInput>({
    resolver: zodResolver(enterprisePasswordSchema),
    defaultValues: { oldPassword: "", password: "", confirmPassword: "" },
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
      router.refresh();
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
      <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={t("dialogTitle")} description={t("dialogDescription")}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <PasswordField label={t("oldPassword")} autoComplete="current-password" placeholder={t("oldPasswordPlaceholder")} error={text.field(errors.oldPassword?.message)} {...register("oldPassword")} />
          <PasswordField label={t("newPassword")} autoComplete="new-password" placeholder={t("newPasswordPlaceholder")} error={text.field(errors.password?.message)} {...register("password")} />
          <PasswordField label={t("confirmPassword")} autoComplete="new-password" placeholder={t("confirmPasswordPlaceholder")} error={text.field(errors.confirmPassword?.message)} {...register("confirmPassword")} />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {t("cancel")}
              </Button>
            </DialogClose>
            <Button type="submit" pending={isSubmitting}>
              {t("save")}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
