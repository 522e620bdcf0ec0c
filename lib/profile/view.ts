import { z } from "zod";
import { userFullInfoResponse } from "@/lib/contract/passport";
import { regionItem } from "@/lib/contract/user";

/**
 * What the settings page shows, as the portal's GET /api/profile answers it (the page itself is a
 * static shell, the same for everyone; its client reads this): the user (fullinfo), the avatar's
 * address on the portal, and the lists behind the country and region selects, or the code they
 * failed with (the rest of the page works without them).
 */
export const regionLists = z.union([
  z.object({ countries: z.array(regionItem), regions: z.array(regionItem).nullable() }),
  z.object({ failed: z.number().int() }),
]);
export type RegionLists = z.infer<typeof regionLists>;

export const profileView = z.object({
  user: userFullInfoResponse,
  avatarSrc: z.string().nullable(),
  lists: regionLists,
});
export type ProfileView = z.infer<typeof profileView>;

/** The address of a view in a language and launch context (also SWR's key). */
function viewKey(route: string, lang: string, query: string): string {
  const params = new URLSearchParams(query);
  params.set("lang", lang);
  return `${route}?${params.toString()}`;
}

export function profileViewKey(lang: string, query: string): string {
  return viewKey("/api/profile", lang, query);
}

/** What the enterprise user's account page shows (GET /api/profile/business): the user (fullinfo). */
export const businessView = z.object({ user: userFullInfoResponse });
export type BusinessView = z.infer<typeof businessView>;

export function businessViewKey(lang: string, query: string): string {
  return viewKey("/api/profile/business", lang, query);
}
