"use client";

import { profileView, profileViewKey } from "@/lib/profile/view";
import { useAccountView, useViewReload } from "@/components/account/account-view";

/** The settings page's data: the user, the avatar's address and the region lists (GET /api/profile). */
export function useProfileView(lang: string, query: string) {
  return useAccountView(profileViewKey(lang, query), profileView);
}

/** Reads the settings page's data again after a save (the summary at the top follows it). */
export const useProfileReload = useViewReload;
