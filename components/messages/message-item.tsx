"use client";

import { useId } from "react";
import { useTranslations } from "next-intl";
import { clsx } from "clsx";
import type { MessageItem } from "@/lib/contract/messages";
import type { Locale } from "@/lib/i18n/routing";
import { MessageDate } from "./message-date";

type Props = { message: MessageItem; contentLang: Locale; open: boolean; onToggle: () => void };

/** The text of a message in a language, else in the other one (an operator writes both). */
export function textsOf(message: MessageItem, lang: Locale): { name: string; content: string } {
  const wanted = message.contentLang[lang];
  const other = message.contentLang[lang === "en" ? "zh" : "en"];
  return { name: wanted.name || other.name || message.name, content: wanted.content || other.content };
}

/** One message: its name, date and an unread mark; opening it shows the content (and reads it). */
export function MessageRow({ message, contentLang, open, onToggle }: Props) {
  const t = useTranslations("messageCentre");
  const contentId = useId();
  const { name, content } = textsOf(message, contentLang);
  return (
    <li className="border-b border-gray-100 last:border-b-0">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={onToggle}
        className="flex w-full items-center gap-3 px-2 py-3 text-left hover:bg-gray-50"
      >
        <span
          aria-hidden="true"
          className={clsx("size-2 shrink-0 rounded-full", message.read ? "bg-transparent" : "bg-(--message-accent)")}
        />
        <span className={clsx("min-w-0 flex-1 truncate text-sm", message.read ? "text-gray-700" : "font-semibold text-gray-900")}>{name}</span>
        {message.read ? null : <span className="sr-only">{t("unread")}</span>}
        <span className="shrink-0 text-xs text-muted tabular-nums">
          <MessageDate iso={message.createdAt} />
        </span>
      </button>
      <div id={contentId} hidden={!open} className="whitespace-pre-line px-7 pb-4 text-sm text-gray-700">
        {content}
      </div>
    </li>
  );
}
