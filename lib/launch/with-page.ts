/** `href` (which may carry the launch query already) with `page=n`; the first page without it. */
export function withPage(href: string, page: number): string {
  if (page <= 1) return href;
  return `${href}${href.includes("?") ? "&" : "?"}page=${page}`;
}
