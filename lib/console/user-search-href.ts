import type { UserSearchFormInput } from "@/lib/validation/console";

/**
 * The address of a console user search: only what was given (no empty filter, not the default
 * `by=any`), so a shared link reads as what was asked. Used by the form and by the server page's
 * page links alike, so it lives outside the client component.
 */
export function searchHref(path: string, values: UserSearchFormInput, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== "" && !(key === "by" && value === "any")) params.set(key, value);
  if (page !== undefined) params.set("page", String(page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
