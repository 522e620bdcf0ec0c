"use client";

import { useState } from "react";
import { useTranslations } from "next-intl";
import { MESSAGE_CATEGORIES, MESSAGE_CONTENT_MAX, MESSAGE_NAME_MAX, type MessageCategory } from "@/lib/contract/message-rules";
import { SEND_TARGETS, type ConsoleResult, type SendTargetKind } from "@/lib/contract/console/screens";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { MessageRow } from "@/components/messages/message-item";
import { BilingualTexts, EMPTY_TEXTS, type Bilingual } from "./bilingual-texts";
import { useConsoleAction } from "./use-console-action";

export type MessageInput = { appCode: string; category: MessageCategory; target: SendTargetKind; email: string; texts: Bilingual; reason: string };
const FIELDS = ["appCode", "category", "email", "texts", "reason"] as const;
/** A fixed time for the preview's date, so it renders the same on every run. */
const PREVIEW_TIME = "2026-01-01T00:00:00.000Z";

/** Compose a message in both languages, see it as the message centre shows it, and send it. */
export function MessageComposer({ onSend }: { onSend: (input: MessageInput) => Promise<ConsoleResult<{ delivered: number }>> }) {
  const t = useTranslations("console.messages");
  const common = useTranslations("console.common");
  const [input, setInput] = useState<MessageInput>({ appCode: "passport", category: "system", target: "user", email: "", texts: EMPTY_TEXTS, reason: "" });
  const [sent, setSent] = useState<number | null>(null);
  const action = useConsoleAction();
  const select = "h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-strong";
  return (
    <section aria-labelledby="message-compose" className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6">
      <h2 id="message-compose" className="text-lg font-semibold text-gray-900">
        {t("composeTitle")}
      </h2>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          setSent(null);
          action.run(
            () => onSend(input),
            (data) => {
              setSent(data.delivered);
              setInput((old) => ({ ...old, texts: EMPTY_TEXTS, reason: "" }));
            },
          );
        }}
      >
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t("appCode")} value={input.appCode} maxLength={64} onChange={(event) => setInput({ ...input, appCode: event.target.value })} error={action.errorFor("appCode")} required />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="message-category" className="text-sm font-medium text-gray-800">
              {t("category")}
            </label>
            <select id="message-category" className={select} value={input.category} onChange={(event) => setInput({ ...input, category: MESSAGE_CATEGORIES.find((item) => item === event.target.value) ?? "system" })}>
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
            <select id="message-target" className={select} value={input.target} onChange={(event) => setInput({ ...input, target: SEND_TARGETS.find((item) => item === event.target.value) ?? "user" })}>
              {SEND_TARGETS.map((target) => (
                <option key={target} value={target}>
                  {t(`targets.${target}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        {input.target === "user" ? (
          <Field label={t("email")} type="email" value={input.email} maxLength={254} onChange={(event) => setInput({ ...input, email: event.target.value })} error={action.errorFor("email")} required />
        ) : null}
        <BilingualTexts value={input.texts} onChange={(texts) => setInput({ ...input, texts })} labels={{ title: t("name"), body: t("content") }} limits={{ title: MESSAGE_NAME_MAX, body: MESSAGE_CONTENT_MAX }} error={action.errorFor("texts")} />
        <section aria-label={`${t("preview")}: ${t("composeTitle")}`} className="grid gap-4 md:grid-cols-2">
          {(["en", "zh"] as const).map((lang) => (
            <div key={lang} className="min-w-0 rounded-lg border border-dashed border-gray-300 p-3">
              <h3 className="mb-2 text-xs font-medium uppercase text-muted">{t("previewCentre", { lang: lang === "en" ? t("english") : t("chinese") })}</h3>
              <ul lang={lang}>
                <MessageRow
                  message={{
                    id: `preview-${lang}`,
                    appCode: input.appCode,
                    category: input.category,
                    name: input.texts[lang].title || t("previewEmpty"),
                    contentLang: { en: { name: input.texts.en.title, content: input.texts.en.body }, zh: { name: input.texts.zh.title, content: input.texts.zh.body } },
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
        <Field label={common("reason")} hint={common("reasonHint")} value={input.reason} maxLength={500} onChange={(event) => setInput({ ...input, reason: event.target.value })} error={action.errorFor("reason")} required />
        {action.formError(FIELDS) ? <Alert tone="error">{action.formError(FIELDS)}</Alert> : null}
        {sent !== null ? <Alert tone="success">{t("sent", { count: sent })}</Alert> : null}
        <Button type="submit" className="w-fit" pending={action.pending}>
          {t("send")}
        </Button>
      </form>
    </section>
  );
}
