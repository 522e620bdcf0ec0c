"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { clsx } from "clsx";
import type { LoginSessionItem } from "@/lib/contract/user";
import { errorMessageKey } from "@/lib/contract/errors";
import { BRANDS, brandCodeOf } from "@/lib/launch/brands";
import { SESSION_PAGE_SIZES } from "@/lib/validation/security";
import { endSessionsAction } from "@/lib/actions/security";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { callAction, useErrorText } from "@/components/auth/use-error-text";
import { ConfirmDialog } from "./confirm-dialog";
import { LocalTime } from "./local-time";
import { Pagination } from "./pagination";
import { Badge, SecuritySection } from "./section";
import type { SecurityPageRef } from "./page-ref";
import { useSessionLog, type SessionLogPage } from "./use-session-log";
import { useProviderName } from "@/components/social/provider-name";

type Props = { page: SecurityPageRef; initial: SessionLogPage | null; initialError: number | null };

/*
 * One card per session below xl, a table row from xl up (the user centre's column is only
 * wide enough for eight columns there). A card labels each value with its column's name.
 * Words are never split in the table (keep-all): Chinese may otherwise break between any two
 * characters, and the squeezed columns then stack "未知" one character per line.
 */
const cell = "flex justify-between gap-4 py-1 text-sm xl:table-cell xl:break-keep xl:px-2 xl:py-3 xl:align-middle xl:text-[0.8125rem]";
const labelled = "before:shrink-0 before:text-muted before:content-[attr(data-label)] xl:before:content-none";

/**
 * Login logs and session details (GET /v1/user/session/log through /api/sessions): where and how
 * each live session signed in, the current one marked; ending one, or every other, after a
 * confirmation. A table on wide screens, one card per session on narrow ones.
 */
export function SessionsSection({ page, initial, initialError }: Props) {
  const t = useTranslations("security.sessions");
  const te = useTranslations("errors");
  const text = useErrorText();
  const hydrated = useHydrated();
  const locale = useLocale();
  const providerName = useProviderName();
  const [number, setNumber] = useState(1);
  const [size, setSize] = useState<number>(SESSION_PAGE_SIZES[0]);
  const [notice, setNotice] = useState<string | null>(null);
  const { data, error, isLoading, isValidating, mutate } = useSessionLog(page, number, size, initial);
  const failure = error?.code ?? (data ? null : initialError);

  function application(code: string | null): string {
    if (!code) return t("unknown");
    const brand = brandCodeOf(code);
    return brand ? BRANDS[brand].title[locale] : code;
  }

  /** The brand, the social provider signed in with, and the app the sign-in was made for. */
  function applicationOf(session: LoginSessionItem): string {
    const base = session.provider ? t("viaProvider", { application: application(session.application), provider: providerName(session.provider) }) : application(session.application);
    return session.app ? t("viaApp", { application: base, app: session.app }) : base;
  }

  async function end(sessionId?: string): Promise<string | null> {
    const result = await callAction(() => endSessionsAction(sessionId ? { sessionId } : {}, page));
    if (!result.ok) return text.action(result.error);
    setNotice(sessionId ? t("endedOne") : t("endedOthers", { count: result.ended }));
    // The last row of a later page went: show the page before it.
    if (!sessionId) setNumber(1);
    else if (data && data.list.length === 1 && number > 1) setNumber(number - 1);
    await mutate();
    return null;
  }

  const others = data ? data.total - data.list.filter((s) => s.current).length : 0;
  const endOthers = (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="h-9" disabled={!hydrated || !data || others < 1}>
          {t("endOthers")}
        </Button>
      }
      title={t("endOthersTitle")}
      description={t("endOthersDescription")}
      confirmLabel={t("endOthersConfirm")}
      onConfirm={() => end()}
    />
  );

  return (
    <SecuritySection id="sessions" title={t("title")} description={t("description")} action={endOthers}>
      <div className="flex flex-col gap-4">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {failure !== null ? (
          <div className="flex flex-col items-start gap-3">
            <Alert tone="error">{te(errorMessageKey(failure), { seconds: 60 })}</Alert>
            <Button variant="secondary" className="h-9" onClick={() => void mutate()} pending={isValidating}>
              {t("retry")}
            </Button>
          </div>
        ) : null}
        {data ? (
          <table className="block w-full text-left xl:table" aria-busy={isValidating || undefined} aria-label={t("title")}>
            <thead className="sr-only xl:not-sr-only xl:table-header-group">
              <tr className="text-xs text-muted">
                {(["ip", "location", "firstLogin", "lastLogin", "application", "platform", "os"] as const).map((key) => (
                  <th key={key} scope="col" className="break-keep border-b border-gray-200 px-2 py-2 align-bottom font-medium">
                    {t(`columns.${key}`)}
                  </th>
                ))}
                <th scope="col" className="border-b border-gray-200 px-2 py-2">
                  <span className="sr-only">{t("columns.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="flex flex-col gap-3 xl:table-row-group">
              {data.list.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  application={applicationOf(session)}
                  onEnd={end}
                />
              ))}
            </tbody>
          </table>
        ) : isLoading ? (
          <p className="text-sm text-muted">{t("loading")}</p>
        ) : null}
        {data && data.list.length === 0 ? <p className="text-sm text-muted">{t("empty")}</p> : null}
        {data ? (
          <Pagination
            page={number}
            pageSize={size}
            total={data.total}
            sizes={SESSION_PAGE_SIZES}
            label={t("pagesLabel")}
            disabled={!hydrated}
            onPage={setNumber}
            onPageSize={(next) => {
              setSize(next);
              setNumber(1);
            }}
          />
        ) : null}
      </div>
    </SecuritySection>
  );
}

function SessionRow({ session, application, onEnd }: { session: LoginSessionItem; application: string; onEnd: (id: string) => Promise<string | null> }) {
  const t = useTranslations("security.sessions");
  const hydrated = useHydrated();
  const unknown = <span className="text-muted">{t("unknown")}</span>;
  return (
    <tr
      className={
        session.current
          ? "flex flex-col rounded-lg border border-green-200 bg-green-50/40 p-3 xl:table-row xl:border-0 xl:border-b xl:border-gray-100 xl:p-0"
          : "flex flex-col rounded-lg border border-gray-200 p-3 xl:table-row xl:rounded-none xl:border-0 xl:border-b xl:border-gray-100 xl:p-0"
      }
    >
      <td data-label={t("columns.ip")} className={`${cell} ${labelled}`}>
        {session.ip ? <span className={clsx("font-mono text-[0.8125rem]", session.ip.includes(":") ? "break-all" : "whitespace-nowrap")}>{session.ip}</span> : unknown}
      </td>
      <td data-label={t("columns.location")} className={`${cell} ${labelled}`}>
        {session.location ?? unknown}
      </td>
      <td data-label={t("columns.firstLogin")} className={`${cell} ${labelled} whitespace-nowrap tabular-nums`}>
        <LocalTime iso={session.firstLogin} />
      </td>
      <td data-label={t("columns.lastLogin")} className={`${cell} ${labelled} whitespace-nowrap tabular-nums`}>
        <LocalTime iso={session.lastLogin} />
      </td>
      <td data-label={t("columns.application")} className={`${cell} ${labelled}`}>
        {application}
      </td>
      <td data-label={t("columns.platform")} className={`${cell} ${labelled}`}>
        {session.platform ? t(`platforms.${session.platform}`) : unknown}
      </td>
      <td data-label={t("columns.os")} className={`${cell} ${labelled}`}>
        {session.os ?? unknown}
      </td>
      {/* On a card the current session says so at its top; the end button sits at the bottom. */}
      <td className={session.current ? "order-first flex pb-1 xl:table-cell xl:px-2 xl:py-3 xl:text-right" : "flex justify-end pt-2 xl:table-cell xl:px-2 xl:py-3 xl:text-right"}>
        {session.current ? (
          <Badge tone="success">{t("current")}</Badge>
        ) : (
          <ConfirmDialog
            trigger={
              <Button variant="secondary" className="h-8 whitespace-nowrap px-2.5 text-xs" disabled={!hydrated}>
                {t("end")}
              </Button>
            }
            title={t("endTitle")}
            description={t("endDescription", { ip: session.ip ?? t("unknown"), os: session.os ?? t("unknown") })}
            confirmLabel={t("endConfirm")}
            onConfirm={() => onEnd(session.id)}
          />
        )}
      </td>
    </tr>
  );
}
