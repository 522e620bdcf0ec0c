"use client";

import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "next-intl";
import { errorMessageKey } from "@/lib/contract/errors";
import { PASSKEY_NAME_MAX } from "@/lib/contract/passkey-rules";
import { formResolver } from "@/lib/validation/form-resolver";
import { newPasskeySchema, type NewPasskeyInput } from "@/lib/validation/passkeys";
import type { PasskeyItem, PasskeyList } from "@/lib/contract/passkeys";
import type { VerificationSetup } from "@/lib/validation/verification";
import { passkeyRegistrationOptionsAction, registerPasskeyAction } from "@/lib/actions/passkeys";
import { createPasskey, passkeyCancelled, passkeyForbidden, passkeysUsable, signalPasskeys } from "@/lib/passkeys/browser";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { useStepUp } from "@/components/step-up/use-step-up";
import type { SecurityPageRef } from "./page-ref";
import { PasskeyRow } from "./passkey-row";
import { PasskeyUpgradeToggle } from "./passkey-upgrade-toggle";
import { resyncPasskeys } from "./passkey-signals";
import { SecuritySection } from "./section";

type Props = { page: SecurityPageRef; initial: PasskeyList | null; error: number | null; email: string; verification: VerificationSetup; upgrade: boolean | null };
type Message = { tone: "success" | "error"; text: string };

/**
 * Passkeys (docs/security.md, "Passkeys"): add one (the browser's own dialog, after a recent
 * proof), see each with its name, when it was added and last used, rename and remove it. Where
 * this browser or frame cannot create passkeys the add control is replaced by a note; the list
 * still shows and removes them.
 */
export function PasskeysSection({ page, initial, error, email, verification, upgrade }: Props) {
  const t = useTranslations("passkeys");
  const te = useTranslations("errors");
  const text = useErrorText();
  const stepUp = useStepUp({ page, email, verification });
  const [items, setItems] = useState<PasskeyItem[]>(initial?.passkeys ?? []);
  const form = useForm<NewPasskeyInput>({ resolver: formResolver(newPasskeySchema), defaultValues: { name: "" } });
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [usable, setUsable] = useState<boolean | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setUsable(passkeysUsable("create")), 0);
    return () => window.clearTimeout(timer);
  }, []);

  // each visit tells the browser the account's passkeys as they are (one removed on another
  // device stops being offered here); initial is the server's list of this render
  useEffect(() => {
    if (initial?.signals) void signalPasskeys(initial.signals);
  }, [initial]);

  const add = form.handleSubmit(async ({ name }) => {
    const chosen = name || t("defaultName");
    setMessage(null);
    setPending(true);
    try {
      const options = await stepUp.guard(() => passkeyRegistrationOptionsAction(page), "addPasskey");
      if (!options.ok) return setMessage({ tone: "error", text: text.action(options.error) });
      let response;
      try {
        response = await createPasskey(options.options);
      } catch (failure) {
        if (passkeyForbidden(failure)) setUsable(false);
        else if (!passkeyCancelled(failure)) setMessage({ tone: "error", text: te("20704") });
        return;
      }
      const saved = await callAction(() => registerPasskeyAction({ attempt: options.attempt, name: chosen, response }, page));
      if (!saved.ok) return setMessage({ tone: "error", text: text.action(saved.error) });
      setItems((current) => [saved.passkey, ...current]);
      void resyncPasskeys(page);
      form.reset({ name: "" });
      setMessage({ tone: "success", text: t("addedNotice", { name: saved.passkey.name }) });
    } finally {
      setPending(false);
    }
  });

  return (
    <SecuritySection id="passkeys" title={t("title")} description={t("description")}>
      {error !== null ? <Alert tone="error">{te(errorMessageKey(error), { seconds: 60 })}</Alert> : null}
      {message ? (
        <Alert tone={message.tone} className="mb-3">
          {message.text}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <p className="text-sm text-muted">{t("empty")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-gray-100" aria-label={t("listLabel")}>
          {items.map((item) => (
            <PasskeyRow
              key={item.id}
              item={item}
              page={page}
              guard={stepUp.guard}
              onRenamed={(renamed) => {
                setItems((current) => current.map((entry) => (entry.id === renamed.id ? renamed : entry)));
                void resyncPasskeys(page);
              }}
              onRemoved={() => {
                setItems((current) => current.filter((entry) => entry.id !== item.id));
                void resyncPasskeys(page);
                setMessage({ tone: "success", text: t("removedNotice", { name: item.name }) });
              }}
            />
          ))}
        </ul>
      )}
      {usable === false ? (
        <p className="mt-4 text-sm text-muted">{t("unavailable")}</p>
      ) : usable ? (
        <form onSubmit={(event) => void add(event)} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field
            label={t("nameLabel")}
            placeholder={t("defaultName")}
            maxLength={PASSKEY_NAME_MAX + 1}
            error={text.field(form.formState.errors.name?.message)}
            {...form.register("name")}
            className="min-w-0 sm:flex-1"
          />
          <Button type="submit" pending={pending} className="h-11 shrink-0">
            {t("add")}
          </Button>
        </form>
      ) : null}
      {upgrade !== null ? <PasskeyUpgradeToggle page={page} initial={upgrade} /> : null}
      {stepUp.dialog}
    </SecuritySection>
  );
}
