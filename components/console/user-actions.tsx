"use client";

import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { userAction, type UserActionInput } from "@/lib/actions/console/users";
import { reasonSchema, type ReasonInput } from "@/lib/validation/console";
import { formResolver } from "@/lib/validation/form-resolver";
import { callAction } from "@/components/auth/use-error-text";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ConfirmWithReason } from "./confirm-with-reason";
import { useConsoleText } from "./use-console-text";

/** An action as the buttons name it; the reason is added from the one field. */
type Pending = UserActionInput extends infer T ? (T extends unknown ? Omit<T, "reason"> : never) : never;

type Props = {
  lang: string;
  userId: string;
  /** names the account in the confirmations of a ban or a deletion */
  email: string;
  status: "active" | "restricted" | "banned";
  /** may act (support and up); a viewer sees the buttons' place explained instead */
  canAct: boolean;
  canDelete: boolean;
  liveSessions: { id: string; label: string }[];
  social: string[];
  /** two-step is on: "Reset two-step" is offered (a lost phone) */
  twoStepOn: boolean;
  /** a password reset mail makes no sense for an enterprise account */
  enterprise: boolean;
  /** where the console goes after a deletion */
  afterDelete: string;
};

/**
 * The actions on a user, each needing the one reason field (written to the audit log). The
 * services decide and record; the page is read again after each. Reset two-step sits next to
 * ending sessions, offered while two-step is on. Banning and deleting sit apart, each behind a
 * confirmation naming the account and asking for the reason.
 */
export function UserActions({ lang, userId, email, status, canAct, canDelete, liveSessions, social, twoStepOn, enterprise, afterDelete }: Props) {
  const t = useTranslations("console.user.actions");
  const text = useConsoleText();
  const router = useRouter();
  const reasonId = useId();
  const form = useForm<ReasonInput>({ resolver: formResolver(reasonSchema), defaultValues: { reason: "" } });
  const reason = useWatch({ control: form.control, name: "reason" });
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  // the form's own key (console.fields) or the services' refusal of the reason (console.errors)
  const reasonKey = form.formState.errors.reason?.message;
  const reasonError = reasonKey ? text.refusal(reasonKey) : undefined;

  const hydrated = useHydrated();
  if (!canAct) return <p className="text-sm text-gray-700">{t("viewerOnly")}</p>;

  /** An action from the buttons: the reason checked first (its field focused when missing); a refusal of it is shown on it, what was typed kept. */
  const run = (key: string, input: Pending, done: string) =>
    form.handleSubmit(async (values) => {
      setBusy(key);
      setNotice(null);
      const result = await callAction(() => userAction(userId, { ...input, reason: values.reason }, lang));
      setBusy(null);
      if (result.ok) return finish(input, done);
      const refusedReason = result.error.fields?.reason;
      if (refusedReason) form.setError("reason", { message: refusedReason }, { shouldFocus: true });
      else setNotice({ tone: "error", text: text.action(result.error) });
    })();

  function finish(input: Pending, done: string) {
    form.reset({ reason: "" });
    setNotice({ tone: "success", text: done });
    if (input.kind === "delete") window.location.assign(afterDelete);
    else router.refresh();
  }

  /** A confirmed destructive action: its dialog shows a refusal and stays open. */
  async function confirmed(input: Pending, reasonGiven: string, done: string): Promise<string | null> {
    setNotice(null);
    const result = await callAction(() => userAction(userId, { ...input, reason: reasonGiven }, lang));
    if (!result.ok) return text.action(result.error);
    finish(input, done);
    return null;
  }

  const button = (key: string, label: string, input: Pending, done: string) => (
    <Button key={key} type="button" variant="secondary" pending={busy === key} disabled={busy !== null || !hydrated} onClick={() => void run(key, input, done)}>
      {label}
    </Button>
  );

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={reasonId} className="text-sm font-medium text-gray-800">
          {t("reason")}
        </label>
        <textarea
          id={reasonId}
          {...form.register("reason")}
          rows={2}
          maxLength={500}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={`${reasonId}-hint`}
          className="rounded-lg border border-gray-300 p-2 text-sm focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary-strong"
        />
        <p id={`${reasonId}-hint`} className={reasonError ? "text-xs text-danger" : "text-xs text-gray-600"} role={reasonError ? "alert" : undefined}>
          {reasonError ?? t("reasonHint")}
        </p>
      </div>
      {/* one live region that stays mounted, so a screen reader hears each new notice once */}
      <div role="status">{notice ? <Alert tone={notice.tone} live={false}>{notice.text}</Alert> : null}</div>
      <div className="flex flex-wrap gap-2">
        {status === "active" ? button("restrict", t("restrict"), { kind: "status", status: "restricted" }, t("restricted")) : null}
        {status !== "active" ? button("unban", t("unban"), { kind: "status", status: "active" }, t("unbanned")) : null}
        {button("end-all", t("endAll"), { kind: "sessions/end" }, t("ended"))}
        {twoStepOn ? button("two-step", t("resetTwoStep"), { kind: "two-step/reset" }, t("twoStepReset")) : null}
        {enterprise ? null : button("reset", t("passwordReset"), { kind: "password-reset" }, t("resetSent"))}
        {social.map((channel) => button(`social-${channel}`, t("disconnect", { channel }), { kind: "social/disconnect", channel }, t("disconnected", { channel })))}
      </div>
      {status !== "banned" || canDelete ? (
        <section aria-labelledby={`${reasonId}-danger`} className="flex flex-col gap-3 rounded-lg border border-red-200 p-4">
          <h3 id={`${reasonId}-danger`} className="text-sm font-semibold text-gray-900">
            {t("dangerTitle")}
          </h3>
          <div className="flex flex-wrap gap-2">
            {status !== "banned" ? (
              <ConfirmWithReason
                label={t("ban")}
                title={t("banTitle", { email })}
                consequence={t("banConsequence", { email })}
                confirmLabel={t("confirmBan")}
                defaultReason={reason}
                disabled={busy !== null || !hydrated}
                onConfirm={(given) => confirmed({ kind: "status", status: "banned" }, given, t("banned"))}
              />
            ) : null}
            {canDelete ? (
              <ConfirmWithReason
                label={t("delete")}
                title={t("deleteTitle", { email })}
                consequence={t("deleteConsequence", { email })}
                confirmLabel={t("confirmDelete")}
                defaultReason={reason}
                disabled={busy !== null || !hydrated}
                onConfirm={(given) => confirmed({ kind: "delete" }, given, t("deleted"))}
              />
            ) : null}
          </div>
        </section>
      ) : null}
      {liveSessions.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t("liveSessions")}>
          {liveSessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>{session.label}</span>
              {button(`end-${session.id}`, t("endOne"), { kind: "sessions/end", sessionId: session.id }, t("ended"))}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
