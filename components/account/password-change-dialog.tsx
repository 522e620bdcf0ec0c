"use client";

import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { formResolver } from "@/lib/validation/form-resolver";
import { changePasswordSchema, type ChangePasswordInput } from "@/lib/validation/security";
import type { ActionResult } from "@/lib/session/action-result";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { PasswordField } from "@/components/auth/password-field";
import { applyFieldErrors } from "@/components/auth/form-errors";
import { callAction, useErrorText } from "@/components/auth/use-error-text";

type LabelKey =
  | "dialogTitle"
  | "dialogDescription"
  | "oldPassword"
  | "oldPasswordPlaceholder"
  | "newPassword"
  | "newPasswordPlaceholder"
  | "confirmPassword"
  | "confirmPasswordPlaceholder"
  | "signOutOthers"
  | "cancel"
  | "save";

type Props = {
  /** the screen's own wording (consumer or enterprise password) */
  label: (key: LabelKey) => string;
  trigger: ReactNode;
  /** the screen's server action */
  send: (values: ChangePasswordInput) => Promise<ActionResult>;
  /** after a change: the dialog has closed */
  onChanged: (values: ChangePasswordInput) => void;
};

/**
 * The current password and the new one twice (SPEC §5), in a dialog, with "Sign out of other
 * devices" ticked by default; used by consumers and enterprise users, each with its own action.
 * Closing the dialog forgets what was typed.
 */
export function PasswordChangeDialog({ label, trigger, send, onChanged }: Props) {
  const text = useErrorText();
  const [open, setOpen] = useState(false);
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
    const result = await callAction(() => send(values));
    if (result.ok) {
      onOpenChange(false);
      onChanged(values);
      return;
    }
    const fields = ["oldPassword", "password", "confirmPassword"] as const;
    if (!applyFieldErrors(result.error, fields, setError)) setFormError(text.action(result.error));
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={label("dialogTitle")} description={label("dialogDescription")}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <PasswordField label={label("oldPassword")} autoComplete="current-password" placeholder={label("oldPasswordPlaceholder")} error={text.field(errors.oldPassword?.message)} {...register("oldPassword")} />
        <PasswordField label={label("newPassword")} autoComplete="new-password" placeholder={label("newPasswordPlaceholder")} error={text.field(errors.password?.message)} {...register("password")} />
        <PasswordField label={label("confirmPassword")} autoComplete="new-password" placeholder={label("confirmPasswordPlaceholder")} error={text.field(errors.confirmPassword?.message)} {...register("confirmPassword")} />
        <Checkbox label={label("signOutOthers")} {...register("signOutOthers")} />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              {label("cancel")}
            </Button>
          </DialogClose>
          <Button type="submit" pending={isSubmitting}>
            {label("save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
