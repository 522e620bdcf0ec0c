"use client";

import type { FormEventHandler, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { PasswordField } from "@/components/auth/password-field";

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
type FieldName = "oldPassword" | "password" | "confirmPassword";

type Props = {
  /** the screen's own wording (consumer or enterprise password) */
  label: (key: LabelKey) => string;
  open: boolean;
  onOpenChange: (next: boolean) => void;
  trigger: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  fields: Record<FieldName | "signOutOthers", UseFormRegisterReturn>;
  /** translated field errors */
  errors: Partial<Record<FieldName, string>>;
  formError: string | null;
  pending: boolean;
};

/**
 * The current password and the new one twice (SPEC §5), in a dialog, with "Sign out of other
 * devices" ticked by default; used by consumers and enterprise users.
 */
export function PasswordChangeDialog({ label, open, onOpenChange, trigger, onSubmit, fields, errors, formError, pending }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} trigger={trigger} title={label("dialogTitle")} description={label("dialogDescription")}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {formError ? <Alert tone="error">{formError}</Alert> : null}
        <PasswordField label={label("oldPassword")} autoComplete="current-password" placeholder={label("oldPasswordPlaceholder")} error={errors.oldPassword} {...fields.oldPassword} />
        <PasswordField label={label("newPassword")} autoComplete="new-password" placeholder={label("newPasswordPlaceholder")} error={errors.password} {...fields.password} />
        <PasswordField label={label("confirmPassword")} autoComplete="new-password" placeholder={label("confirmPasswordPlaceholder")} error={errors.confirmPassword} {...fields.confirmPassword} />
        <Checkbox label={label("signOutOthers")} {...fields.signOutOthers} />
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              {label("cancel")}
            </Button>
          </DialogClose>
          <Button type="submit" pending={pending}>
            {label("save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
