"use client";

import { useState, type ReactElement } from "react";
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useTranslations } from "next-intl";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

type Props = {
  /** the button that opens the dialog */
  trigger: ReactElement;
  title: string;
  description: string;
  confirmLabel: string;
  /** Runs the confirmed action; a returned message keeps the dialog open and shows it. */
  onConfirm: () => Promise<string | null>;
};

/**
 * "Are you sure?" before ending sessions or forgetting a device (Radix AlertDialog: focus starts
 * on Cancel, Escape cancels, a click outside does not). It stays open, busy, while the action runs.
 */
export function ConfirmDialog({ trigger, title, description, confirmLabel, onConfirm }: Props) {
  const t = useTranslations("security");
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function onOpenChange(next: boolean) {
    if (pending) return;
    setOpen(next);
    setError(null);
  }

  async function confirm() {
    setPending(true);
    setError(null);
    const message = await onConfirm();
    setPending(false);
    if (message) setError(message);
    else setOpen(false);
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{description}</AlertDialog.Description>
          {error ? <Alert tone="error" className="mt-4">{error}</Alert> : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {t("cancel")}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="danger" pending={pending} onClick={confirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
