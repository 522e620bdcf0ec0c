"use client";

import { useState } from "react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { useTranslations } from "next-intl";
import { deviceSecurityOffSchema, type DeviceSecurityOffInput } from "@/lib/validation/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/auth/password-field";
import { useErrorText } from "@/components/auth/use-error-text";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** turns device security off with the password; answers a translated error, or null when done */
  onConfirm: (password: string) => Promise<string | null>;
};

/**
 * Turning device security off lowers the account's protection, so it asks for the current
 * password first (a click on a page someone else controls, or a borrowed signed-in browser, is
 * not enough). Opened by the switch; nothing changes until the password is confirmed.
 */
export function DeviceOffDialog({ open, onOpenChange, onConfirm }: Props) {
  const t = useTranslations("security.devices");
  const text = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<DeviceSecurityOffInput>({
    resolver: formResolver(deviceSecurityOffSchema),
    defaultValues: { password: "" },
  });

  function change(next: boolean) {
    if (!next) {
      reset();
      setError(null);
    }
    onOpenChange(next);
  }

  const submit = handleSubmit(async ({ password }) => {
    setError(null);
    const failed = await onConfirm(password);
    if (failed) setError(failed);
    else change(false);
  });

  return (
    <DialogPrimitive.Root open={open} onOpenChange={change}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <DialogPrimitive.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
          <DialogPrimitive.Title className="text-lg font-semibold text-gray-900">{t("offTitle")}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-1 text-sm text-muted">{t("offDescription")}</DialogPrimitive.Description>
          <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
            {error ? <Alert tone="error">{error}</Alert> : null}
            <PasswordField
              label={t("offPassword")}
              autoComplete="current-password"
              placeholder={t("offPasswordPlaceholder")}
              error={text.field(formState.errors.password?.message)}
              {...register("password")}
            />
            <div className="flex justify-end gap-2">
              <DialogPrimitive.Close asChild>
                <Button type="button" variant="secondary">
                  {t("offCancel")}
                </Button>
              </DialogPrimitive.Close>
              <Button type="submit" pending={formState.isSubmitting}>
                {t("offConfirm")}
              </Button>
            </div>
          </form>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
