"use client";

import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslations } from "next-intl";
import { MESSAGE_CATEGORIES, MESSAGE_CONTENT_MAX, MESSAGE_NAME_MAX } from "@/lib/contract/message-rules";
import { SEND_TARGETS } from "@/lib/contract/console/screens";
import { messageSchema, type MessageInput } from "@/lib/validation/console-forms";
import { formResolver } from "@/lib/validation/form-resolver";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { MessageRow } from "@/components/messages/message-item";
import { BilingualTexts, EMPTY_TEXTS } from "./bilingual-texts";
import { useConsoleAction } from "./use-console-action";
import type { ActionResult } from "@/lib/session/action-result";

const FIELDS = ["appCode", "category", "email", "texts", "reason"] as const;
/** A fixed time for the preview's date, so it renders the same on every run. */
const PREVIEW_TIME = "2026-01-01T00:00:00.000Z";

/** Compose a message in both languages, see it as the message centre shows it, and send it. */
export function MessageComposer({ onSend }: { onSend: (input: MessageInput) => Promise<ActionResult<{ data: { delivered: number } }>> }) {
  const t = useTranslations("console.messages");
  const common = useTranslations("console.common");
  const form = useForm<MessageInput>({ resolver: formResolver(messageSchema), defaultValues: { appCode: "passport", category: "system", target: "user", email: "", texts: EMPTY_TEXTS, reason: "" } });
  // the preview and the email field follow what is chosen and typed
  const [appCode, category, target, texts] = useWatch({ control: form.control, name: ["appCode", "category", "target", "texts"] });
  const [sent, setSent] = useState<number | null>(null);
  const action = useConsoleAction();
  const select = "h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong";
  const submit = form.handleSubmit((input) => {
    setSent(null);
    action.run(
      () => onSend(input),
      (data) => {
        setSent(data.delivered);
        form.reset({ ...input, texts: EMPTY_TEXTS, reason: "" });
      },
    );
  });
  return (
    <section aria-labelledby="message-compose" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="message-compose" className="text-lg font-semibold text-gray-900">
        {t("composeTitle")}
      </h2>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t("appCode")} maxLength={64} error={action.errorFor("appCode")} required {...form.register("appCode")} />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="message-category" className="text-sm font-medium text-gray-800">
              {t("category")}
            </label>
            <select id="message-category" className={select} {...form.register("category")}>
              {MESSAGE_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor="message-target" className="text-sm font-medium text-gray-800">
              {t("target")}
            </label>
            <select id="message-target" className={select} {...form.register("target")}>
              {SEND_TARGETS.map((target) => (
                <option key={target} value={target}>
                  {t(`targets.${target}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {target === "user" ? (
          <Field label={t("email")} type="email" maxLength={254} error={action.errorFor("email")} required {...form.register("email")} />
        ) : null}
        {/* held by the form and followed by useWatch: no Controller, whose code every page with a form would load */}
        <BilingualTexts value={texts} onChange={(next) => form.setValue("texts", next, { shouldDirty: true })} labels={{ title: t("name"), body: t("content") }} limits={{ title: MESSAGE_NAME_MAX, body: MESSAGE_CONTENT_MAX }} error={action.errorFor("texts")} />
        <section aria-label={`${t("preview")}: ${t("composeTitle")}`} className="grid gap-4 md:grid-cols-2">
          {(["en", "zh"] as const).map((lang) => (
            <div key={lang} className="min-w-0 rounded-lg border border-dashed border-gray-300 p-3">
              <h3 className="mb-2 text-xs font-medium uppercase text-muted">{t("previewCentre", { lang: lang === "en" ? t("english") : t("chinese") })}</h3>
              <ul lang={lang}>
                <MessageRow
                  message={{
                    id: `preview-${lang}`,
                    appCode,
                    category,
                    name: texts[lang].title || t("previewEmpty"),
                    contentLang: { en: { name: texts.en.title, content: texts.en.body }, zh: { name: texts.zh.title, content: texts.zh.body } },
                    read: false,
                    createdAt: PREVIEW_TIME,
                  }}
                  contentLang={lang}
                  open
                  onToggle={() => undefined}
                />
              </ul>
            </div>
          ))}
        </section>
        <Field label={common("reason")} hint={common("reasonHint")} maxLength={500} error={action.errorFor("reason")} required {...form.register("reason")} />
        {action.formError(FIELDS) ? <Alert tone="error">{action.formError(FIELDS)}</Alert> : null}
        {sent !== null ? <Alert tone="success">{t("sent", { count: sent })}</Alert> : null}
        <Button type="submit" className="w-fit" pending={action.pending}>
          {t("send")}
        </Button>
      </form>
    </section>
  );
}
