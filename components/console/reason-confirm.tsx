"use client";

import { useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";

import { reasonFormSchema, type ReasonFormInput } from "@/lib/validation/console-forms";
import { formResolver } from "@/lib/validation/form-resolver";
import { Dialog } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Alert } from "@/components/ui/alert";
import { useConsoleAction } from "./use-console-action";
import type { ActionResult } from "@/lib/session/action-result";

/**
 * A destructive or security-relevant action behind a dialog that names its consequence and
 * asks for the reason the audit log keeps. `onConfirm` runs the action; the dialog closes on
 * success and keeps the reason on a refusal.
 */
export function ReasonConfirm<T>({
  trigger,
  title,
  consequence,
  confirmLabel,
  onConfirm,
  onDone,
}: {
  trigger: ReactNode;
  title: string;
  consequence: string;
  confirmLabel: string;
  onConfirm: (reason: string) => Promise<ActionResult<{ data: T }>>;
  onDone: (data: T) => void;
}) {
  const t = useTranslations("console.common");
  const [open, setOpen] = useState(false);
  const form = useForm<ReasonFormInput>({ resolver: formResolver(reasonFormSchema), defaultValues: { reason: "" } });
  const action = useConsoleAction();
  const submit = form.handleSubmit(({ reason }) =>
    action.run(
      () => onConfirm(reason),
      (data) => {
        setOpen(false);
        form.reset({ reason: "" });
        onDone(data);
      },
    ),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) action.clear();
      }}
      trigger={trigger}
      title={title}
      description={consequence}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <Field label={t("reason")} hint={t("reasonHint")} maxLength={500} error={action.errorFor("reason")} required {...form.register("reason")} />
        {action.formError(["reason"]) ? <Alert tone="error">{action.formError(["reason"])}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
          <Button type="submit" variant="danger" pending={action.pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
