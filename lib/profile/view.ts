import type { RegionItem } from "@/lib/contract/user";
import { formSchema, nested, type Infer } from "@/lib/validation/form-schema";
import { anyText, nullable, regionListField, userFullInfoAnswer } from "@/lib/validation/answers";

/**
 * The lists behind the settings page's country and region selects, or the code they failed with
 * (the rest of the page works without them). Built in the browser from the country list
 * (GET /api/regions, kept by the browser) and the saved country's regions of the view below.
 */
export type RegionLists = { countries: RegionItem[]; regions: RegionItem[] | null } | { failed: number };

/**
 * What the settings page shows, as the portal's GET /api/profile answers it (the page itself is a
 * static shell, the same for everyone; its client reads this): the user (fullinfo), the avatar's
 * address on the portal, and the saved country's regions (null without a country, or when they
 * could not be read: the region select then reads them itself). Checked in the browser without
 * zod (lib/validation/answers.ts).
 */
export const profileView = formSchema({
  user: nested(userFullInfoAnswer),
  avatarSrc: nullable(anyText),
  regions: nullable(regionListField),
});
export type ProfileView = Infer<typeof profileView>;

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
export const businessView = formSchema({ user: nested(userFullInfoAnswer) });
export type BusinessView = Infer<typeof businessView>;

export function businessViewKey(lang: string, query: string): string {
  return viewKey("/api/profile/business", lang, query);
}
