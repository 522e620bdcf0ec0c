"use client";

import { createContext, useCallback, useContext, type ReactNode } from "react";
import useSWR from "swr";
import type { FormSchema } from "@/lib/validation/form-schema";
import { useTranslations } from "next-intl";
import { ErrorCode, errorMessageKey } from "@/lib/contract/errors";
import { fetchApi } from "@/lib/session/api-answer";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * A user-centre page served as a static shell (the same bytes for every signed-in user of a
 * language, behind the proxy's guard) reads its data from the portal's /api here, once it is in
 * the browser (docs/decisions.md, decision 18).
 */

/** A failed read of a page's data, with the code to show (and, for 20101, where to go). */
export class AccountViewError extends Error {
  constructor(
    readonly code: number,
    readonly redirect: string | null,
  ) {
    super(`account view ${code}`);
  }
}

/**
 * The page's data (SWR), checked against its schema. A 20101 means the session ended: the
 * browser goes to the login page the route named, which says so.
 *
 * Read on every view, even one shown from SWR's cache: the shell itself may come from the
 * router's cache without passing the proxy's guard, so this read is what finds a session ended
 * elsewhere (no deduplication window, which would skip a view shortly after the last read).
 * Not read again on focus (the user may be halfway through an edit); a save reads it again
 * (`useViewReload`).
 */
export function useAccountView<T>(key: string, schema: FormSchema<T>) {
  const swr = useSWR<T, AccountViewError>(
    key,
    async (url: string) => {
      const answer = await fetchApi<unknown>(url, { headers: { accept: "application/json" }, cache: "no-store" });
      if (!answer.ok) throw new AccountViewError(answer.error.code, answer.error.redirect ?? null);
      const parsed = schema.safeParse(answer.data);
      if (!parsed.success) throw new AccountViewError(ErrorCode.systemError, null);
      return parsed.data;
    },
    {
      revalidateOnMount: true,
      dedupingInterval: 0,
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      onError(error) {
        if (error.code === ErrorCode.loginExpired && error.redirect) window.location.assign(error.redirect);
      },
    },
  );
  const { mutate } = swr;
  const reload = useCallback(() => void mutate(), [mutate]);
  // an ended session is on its way to the login page: the frame stays until it leaves
  const leaving = swr.error?.code === ErrorCode.loginExpired && swr.error.redirect !== null;
  const failure: ViewFailure | undefined = swr.error && !leaving ? { code: swr.error.code, retry: reload, retrying: swr.isValidating } : undefined;
  return { data: swr.data, failure, reload };
}

/** Reads the page's data again after a save (what the page shows follows it). */
export const ViewReload = createContext<() => void>(() => {});

export function useViewReload(): () => void {
  return useContext(ViewReload);
}

export type ViewFailure = { code: number; retry: () => void; retrying: boolean };

/**
 * The page's card with its own heading while the data loads (announced as loading, with
 * placeholder rows), or the failed read in the page's language and a way to try again.
 */
export function ViewPlaceholder({ heading, labelledBy, failure, className }: { heading: ReactNode; labelledBy: string; failure?: ViewFailure; className: string }) {
  const common = useTranslations("common");
  const te = useTranslations("errors");
  const bar = "animate-pulse rounded bg-gray-100 motion-reduce:animate-none";
  return (
    <section aria-labelledby={labelledBy} aria-busy={failure ? undefined : true} className={className}>
      {heading}
      {failure ? (
        <div className="mt-4 flex flex-col items-start gap-3">
          <Alert tone="error">{te(errorMessageKey(failure.code))}</Alert>
          <Button variant="secondary" className="h-9" onClick={failure.retry} pending={failure.retrying}>
            {common("retry")}
          </Button>
        </div>
      ) : (
        <div role="status" className="mt-4 flex flex-col gap-5">
          <span className="sr-only">{common("loading")}</span>
          {[0, 1, 2, 3].map((row) => (
            <div key={row} aria-hidden className="grid grid-cols-1 gap-2 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-8">
              <div className={`h-4 w-24 ${bar}`} />
              <div className={`h-5 w-full max-w-sm ${bar}`} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
