"use client";

import useSWR from "swr";
import { ErrorCode } from "@/lib/contract/errors";
import { fetchApi } from "@/lib/session/api-answer";

/**
 * One page of a list the user centre reads through the portal's API with SWR (the redemption
 * history, the SN passwords issued): the page's launch query minus `r`, the language and the page
 * in the key; the page the server rendered as the starting data; a 20101 sends the browser to the
 * login page the answer names.
 */
export type PagedListPage = { lang: string; query: string };
type Paged = { list: unknown[]; total: number; page: number; pageSize: number };

export class PagedListError extends Error {
  constructor(
    readonly code: number,
    readonly redirect: string | null,
  ) {
    super(`paged list ${code}`);
  }
}

export function pagedListKey(api: string, page: PagedListPage, number: number, size: number): string {
  const params = new URLSearchParams(page.query);
  params.delete("r");
  params.set("lang", page.lang);
  params.set("page", String(number));
  params.set("pageSize", String(size));
  return `${api}?${params.toString()}`;
}

function isPaged(value: unknown): value is Paged {
  return typeof value === "object" && value !== null && Array.isArray((value as { list?: unknown }).list) && typeof (value as { total?: unknown }).total === "number";
}

async function fetchPage<T extends Paged>(url: string): Promise<T> {
  const answer = await fetchApi<unknown>(url, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!answer.ok) throw new PagedListError(answer.error.code, answer.error.redirect ?? null);
  if (!isPaged(answer.data)) throw new PagedListError(ErrorCode.systemError, null);
  return answer.data as T;
}

export function usePagedList<T extends Paged>(api: string, page: PagedListPage, number: number, size: number, initial: T | null, options: { revalidateOnFocus?: boolean } = {}) {
  const fallback = initial && initial.page === number && initial.pageSize === size ? initial : undefined;
  return useSWR<T, PagedListError>(pagedListKey(api, page, number, size), fetchPage<T>, {
    fallbackData: fallback,
    keepPreviousData: true,
    shouldRetryOnError: false,
    revalidateOnMount: fallback === undefined,
    ...(options.revalidateOnFocus === false ? { revalidateOnFocus: false } : {}),
    onError(error) {
      if (error.code === ErrorCode.loginExpired && error.redirect) window.location.assign(error.redirect);
    },
  });
}
