"use client";

import { useState } from "react";
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { reasonSchema, type ReasonInput } from "@/lib/validation/console";
import { formResolver } from "@/lib/validation/form-resolver";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useConsoleText } from "./use-console-text";

type Props = {
  /** the button's label that opens the dialog */
  label: string;
  /** names the account (its email): the operator sees whom the action hits */
  title: string;
  consequence: string;
  confirmLabel: string;
  /** the reason already typed on the page, if any */
  defaultReason: string;
  disabled: boolean;
  /** Runs the confirmed action; a returned message keeps the dialog open and shows it. */
  onConfirm: (reason: string) => Promise<string | null>;
  /** "primary" for an action that takes nothing away (a bulk unban or message); destructive by default */
  tone?: "danger" | "primary";
};

/**
 * A destructive action on an account (ban, delete) behind a dialog that names the account and
 * its consequence and asks for the reason the audit log keeps (Radix AlertDialog: focus starts
 * on Cancel, Escape cancels, a click outside does not).
 */
export function ConfirmWithReason({ label, title, consequence, confirmLabel, defaultReason, disabled, onConfirm, tone = "danger" }: Props) {
  const t = useTranslations("console.user.actions");
  const text = useConsoleText();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ReasonInput>({ resolver: formResolver(reasonSchema), defaultValues: { reason: defaultReason } });
  const pending = form.formState.isSubmitting;

  function onOpenChange(next: boolean) {
    if (pending) return;
    if (next) form.reset({ reason: defaultReason });
    setError(null);
    setOpen(next);
  }

  const submit = form.handleSubmit(async ({ reason }) => {
    setError(null);
    const message = await onConfirm(reason);
    if (message) setError(message);
    else setOpen(false);
  });

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" disabled={disabled} className={tone === "danger" ? "border-danger text-danger" : undefined}>
          {label}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="break-all text-lg font-semibold text-gray-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{consequence}</AlertDialog.Description>
          <form noValidate onSubmit={(event) => void submit(event)} className="mt-4 flex flex-col gap-4">
            <Field label={t("reason")} hint={t("reasonHint")} maxLength={500} error={text.field(form.formState.errors.reason?.message)} {...form.register("reason")} />
            {error ? <Alert tone="error">{error}</Alert> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button type="button" variant="secondary" disabled={pending}>
                  {t("cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant={tone} pending={pending}>
                {confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
