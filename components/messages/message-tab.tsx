"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { errorMessageKey } from "@/lib/contract/errors";
import { MESSAGE_PAGE_SIZES, type MessageCategory, type MessageSort, type UnreadCounts } from "@/lib/contract/message-rules";
import type { MessageList } from "@/lib/contract/messages";
import type { Locale } from "@/lib/i18n/routing";
import type { PageRef } from "@/lib/session/action-result";
import { readAllAction, readMessageAction } from "@/lib/actions/messages";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { Pagination } from "@/components/security/pagination";
import { EmptyMessages } from "./empty-messages";
import { MessageRow } from "./message-item";
import { useMessagePage } from "./use-message-page";

type Props = {
  category: MessageCategory;
  page: PageRef;
  contentLang: Locale;
  sort: MessageSort;
  initial: MessageList | null;
  initialError: number | null;
  unread: number;
  emptyDataImg: string | null;
  onCounts: (counts: UnreadCounts) => void;
};

/** A tab of the message centre: its messages, paged, opened one by one, and 'mark all as read'. */
export function MessageTab({ category, page, contentLang, sort, initial, initialError, unread, emptyDataImg, onCounts }: Props) {
  const t = useTranslations("messageCentre");
  const te = useTranslations("errors");
  const text = useErrorText();
  const hydrated = useHydrated();
  const [number, setNumber] = useState(1);
  const [size, setSize] = useState<number>(MESSAGE_PAGE_SIZES[0]);
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [marking, setMarking] = useState(false);
  const { data, error, isLoading, isValidating, mutate } = useMessagePage(page.lang, { category, page: number, pageSize: size, sort }, initial);
  const failure = error?.code ?? (data ? null : initialError);

  // New messages arrived (the counts refresh on their own): show them.
  const seenUnread = useRef(unread);
  useEffect(() => {
    if (unread > seenUnread.current) void mutate();
    seenUnread.current = unread;
  }, [unread, mutate]);

  function markLocally(read: (id: string) => boolean) {
    void mutate((current) => (current ? { ...current, list: current.list.map((m) => (read(m.id) ? { ...m, read: true } : m)) } : current), { revalidate: false });
  }

  async function toggle(id: string, read: boolean) {
    setOpen((current) => (current === id ? null : id));
    if (read) return;
    setActionError(null);
    const result = await callAction(() => readMessageAction({ id }, page));
    if (!result.ok) {
      setActionError(text.action(result.error));
      return;
    }
    markLocally((other) => other === id);
    onCounts(result.counts);
  }

  async function markAll() {
    setMarking(true);
    setActionError(null);
    setNotice(null);
    const result = await callAction(() => readAllAction({ category }, page));
    setMarking(false);
    if (!result.ok) {
      setActionError(text.action(result.error));
      return;
    }
    markLocally(() => true);
    onCounts(result.counts);
    setNotice(t("markedAllRead"));
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {t("unreadCount", { count: unread })}
        </p>
        <Button variant="secondary" className="h-9" onClick={markAll} pending={marking} disabled={!hydrated || unread === 0} data-analytics-id="messageReadAll">
          {t("markAllRead")}
        </Button>
      </div>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {actionError ? <Alert tone="error">{actionError}</Alert> : null}
      {failure !== null && failure !== undefined ? (
        <div className="flex flex-col items-start gap-3">
          <Alert tone="error">{te(errorMessageKey(failure), { seconds: 60 })}</Alert>
          <Button variant="secondary" className="h-9" onClick={() => void mutate()} pending={isValidating}>
            {t("retry")}
          </Button>
        </div>
      ) : null}
      {data && data.list.length > 0 ? (
        <ul aria-label={t(`tabs.${category}`)} aria-busy={isValidating || undefined} className="rounded-lg border border-gray-200">
          {data.list.map((message) => (
            <MessageRow key={message.id} message={message} contentLang={contentLang} open={open === message.id} onToggle={() => void toggle(message.id, message.read)} />
          ))}
        </ul>
      ) : null}
      {data && data.list.length === 0 ? <EmptyMessages image={emptyDataImg} /> : null}
      {!data && isLoading ? <p className="text-sm text-muted">{t("loading")}</p> : null}
      {data && data.total > 0 ? (
        <Pagination
          page={number}
          pageSize={size}
          total={data.total}
          totalText={t("total", { total: data.total })}
          sizes={MESSAGE_PAGE_SIZES}
          disabled={!hydrated}
          onPage={setNumber}
          onPageSize={(next) => {
            setSize(next);
            setNumber(1);
          }}
        />
      ) : null}
    </div>
  );
}
