"use client";

import { createContext, useContext } from "react";
import useSWR from "swr";
import { ErrorCode } from "@/lib/contract/errors";
import { fetchApi } from "@/lib/session/api-answer";
import { profileView, profileViewKey, type ProfileView } from "@/lib/profile/view";

/** A failed read of the settings page's data, with the code to show (and, for 20101, where to go). */
export class ProfileViewError extends Error {
  constructor(
    readonly code: number,
    readonly redirect: string | null,
  ) {
    super(`profile ${code}`);
  }
}

async function fetchProfileView(url: string): Promise<ProfileView> {
  const answer = await fetchApi<unknown>(url, { headers: { accept: "application/json" }, cache: "no-store" });
  if (!answer.ok) throw new ProfileViewError(answer.error.code, answer.error.redirect ?? null);
  const parsed = profileView.safeParse(answer.data);
  if (!parsed.success) throw new ProfileViewError(ErrorCode.systemError, null);
  return parsed.data;
}

/**
 * The settings page's data through the portal's /api/profile (SWR). A 20101 means the session
 * ended: the browser goes to the login page, which says so. Not refreshed on focus (the user may
 * be halfway through an edit); a save refreshes it (`useProfileReload`).
 */
export function useProfileView(lang: string, query: string) {
  return useSWR<ProfileView, ProfileViewError>(profileViewKey(lang, query), fetchProfileView, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    onError(error) {
      if (error.code === ErrorCode.loginExpired && error.redirect) window.location.assign(error.redirect);
    },
  });
}

/** Reads the page's data again after a save (the summary at the top follows it). */
export const ProfileReload = createContext<() => void>(() => {});

export function useProfileReload(): () => void {
  return useContext(ProfileReload);
}
