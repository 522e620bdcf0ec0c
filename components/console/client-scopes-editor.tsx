"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { CLIENT_SCOPES, type ClientScope } from "@/lib/contract/console/screens";
import { clientScopesSchema, type ClientScopesInput } from "@/lib/validation/console";
import { formResolver } from "@/lib/validation/form-resolver";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useConsoleAction } from "./use-console-action";
import { useConsoleText } from "./use-console-text";
import type { ActionResult } from "@/lib/session/action-result";

const FIELDS = ["scopes", "reason"] as const;
export type ChangedScopes = { clientId: string; scopes: ClientScope[] };

/**
 * What an enabled app may ask for besides openid, chosen again behind a dialog that says what
 * the provider then refuses, with the reason the audit log keeps. The boxes start as the app's
 * scopes now; a refusal marks the field it names and keeps the dialog, and what was ticked.
 */
export function ClientScopesEditor({ name, scopes, onSave, onSaved }: { name: string; scopes: ClientScope[]; onSave: (input: ClientScopesInput) => Promise<ActionResult<{ data: ChangedScopes }>>; onSaved: (changed: ChangedScopes) => void }) {
  const t = useTranslations("console.apps");
  const common = useTranslations("console.common");
  const text = useConsoleText();
  const [open, setOpen] = useState(false);
  const initial = { scopes: [...scopes], reason: "" };
  const form = useForm<ClientScopesInput>({ resolver: formResolver(clientScopesSchema), defaultValues: initial });
  const action = useConsoleAction();
  const errorOf = (field: (typeof FIELDS)[number]) => {
    const key = form.formState.errors[field]?.message;
    return key ? text.refusal(key) : action.errorFor(field);
  };
  const submit = form.handleSubmit((input) =>
    action.run(
      () => onSave(input),
      (changed) => {
        setOpen(false);
        form.reset({ scopes: changed.scopes, reason: "" });
        onSaved(changed);
      },
    ),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        // opened again: the app's scopes as listed now, nothing left of an earlier attempt
        if (next) form.reset(initial);
        else action.clear();
      }}
      trigger={
        <Button type="button" variant="secondary" className="h-9 px-3" aria-label={`${t("changeScopes")}: ${name}`}>
          {t("changeScopes")}
        </Button>
      }
      title={t("scopesTitle", { name })}
      description={t("scopesConsequence")}
    >
      <form noValidate className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
        <fieldset className="flex min-w-0 flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-gray-800">{t("scopes")}</legend>
          <Checkbox label={t("scopeNames.openid")} checked disabled readOnly />
          {CLIENT_SCOPES.map((scope) => (
            <Checkbox key={scope} label={t(`scopeNames.${scope}`)} value={scope} {...form.register("scopes")} />
          ))}
          {errorOf("scopes") ? <p role="alert" className="text-xs text-danger">{errorOf("scopes")}</p> : null}
        </fieldset>
        <Field label={common("reason")} hint={common("reasonHint")} maxLength={500} error={errorOf("reason")} required {...form.register("reason")} />
        {action.formError(FIELDS) ? <Alert tone="error">{action.formError(FIELDS)}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
            {common("cancel")}
          </Button>
          <Button type="submit" pending={action.pending}>
            {t("saveScopes")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
