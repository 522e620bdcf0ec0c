"use client";

import { useRef, useState, type KeyboardEvent } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { PASSKEY_NAME_MAX } from "@/lib/contract/passkey-rules";
import type { PasskeyItem } from "@/lib/contract/passkeys";
import { formResolver } from "@/lib/validation/form-resolver";
import { renamePasskeySchema, type RenamePasskeyInput } from "@/lib/validation/passkeys";
import { removePasskeyAction, renamePasskeyAction } from "@/lib/actions/passkeys";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useFocusAfterRender } from "@/components/ui/use-focus-after-render";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import type { StepUpGuard } from "@/components/step-up/use-step-up";
import { ConfirmDialog } from "./confirm-dialog";
import { LocalTime } from "./local-time";
import { Badge } from "./section";
import type { SecurityPageRef } from "./page-ref";

type Props = { item: PasskeyItem; page: SecurityPageRef; guard: StepUpGuard; onRenamed: (item: PasskeyItem) => void; onRemoved: () => void };

/**
 * One passkey: its name, when it was added and last used; rename in place (Escape cancels, and
 * focus goes back to "Rename" either way), remove after a confirmation (and a recent proof).
 */
export function PasskeyRow({ item, page, guard, onRenamed, onRemoved }: Props) {
  const t = useTranslations("passkeys");
  const text = useErrorText();
  const [editing, setEditing] = useState(false);
  const form = useForm<RenamePasskeyInput>({ resolver: formResolver(renamePasskeySchema), defaultValues: { name: item.name } });
  // the services' refusal of a rename (the name's own checks are the form's)
  const [refusal, setRefusal] = useState<string | undefined>();
  const error = text.field(form.formState.errors.name?.message) ?? refusal;
  const [pending, setPending] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useFocusAfterRender();

  function stopEditing() {
    setEditing(false);
    focusAfter(() => renameButton.current);
  }

  function cancel() {
    stopEditing();
    form.reset({ name: item.name });
    setRefusal(undefined);
  }

  function cancelOnEscape(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== "Escape" || pending) return;
    event.preventDefault();
    cancel();
  }

  // called from the submit handler, not during render: it ends by moving focus (a ref)
  async function rename({ name }: RenamePasskeyInput) {
    setPending(true);
    const result = await callAction(() => renamePasskeyAction({ id: item.id, name }, page));
    setPending(false);
    if (!result.ok) return setRefusal(text.action(result.error));
    setRefusal(undefined);
    stopEditing();
    form.reset({ name: result.passkey.name });
    onRenamed(result.passkey);
  }

  async function remove(): Promise<string | null> {
    const result = await guard(() => removePasskeyAction({ id: item.id }, page), "removePasskey");
    if (!result.ok) return text.action(result.error);
    onRemoved();
    return null;
  }

  if (editing) {
    return (
      <li className="py-3">
        <form onSubmit={(event) => void form.handleSubmit(rename)(event)} onKeyDown={cancelOnEscape} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field label={t("renameLabel")} maxLength={PASSKEY_NAME_MAX + 1} error={error} autoFocus className="min-w-0 sm:flex-1" {...form.register("name", { onChange: () => setRefusal(undefined) })} />
          <div className="flex gap-2">
            <Button type="submit" pending={pending} className="h-11">
              {t("save")}
            </Button>
            <Button type="button" variant="secondary" className="h-11" onClick={cancel}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 break-words text-sm font-medium text-gray-900">
          {item.name}
          {item.backedUp ? <Badge>{t("synced")}</Badge> : null}
        </p>
        <p className="text-xs text-muted">
          {t("added")} <LocalTime iso={item.createdAt} /> · {item.lastUsedAt ? <>{t("lastUsed")} <LocalTime iso={item.lastUsedAt} /></> : t("neverUsed")}
        </p>
        {error ? <Alert tone="error" className="mt-2">{error}</Alert> : null}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button ref={renameButton} variant="secondary" className="h-9" onClick={() => setEditing(true)} aria-label={t("renameNamed", { name: item.name })}>
          {t("rename")}
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="secondary" className="h-9" aria-label={t("removeNamed", { name: item.name })}>
              {t("remove")}
            </Button>
          }
          title={t("removeTitle")}
          description={t("removeDescription", { name: item.name })}
          confirmLabel={t("remove")}
          onConfirm={remove}
        />
      </div>
    </li>
  );
}
