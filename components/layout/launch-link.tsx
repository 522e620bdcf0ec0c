"use client";

import { Suspense, useEffect, useState, type AnchorHTMLAttributes } from "react";
import { useSearchParams } from "next/navigation";
import { withPageQuery } from "@/lib/launch/page-query";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { href: string; keepR?: boolean };

/**
 * A link to another portal page that carries the launch parameters (and `r`, when asked) of the
 * address. On a static page the server renders the plain path; the browser adds the query.
 * A plain link, not next/link: the pages it leads to are static and load fast, and the router's
 * link code would cost the public pages a part of their script budget.
 *
 * The anchor is the server's own element from first paint on: only its `href` changes once the
 * query is read. (With the anchor inside the Suspense boundary, hydration replaced it by a new
 * node, and a click whose press and release fell on either side of that swap was lost.)
 */
export function LaunchLink({ href, keepR = false, children, ...props }: Props) {
  const [search, setSearch] = useState<string | null>(null);
  return (
    <a href={search === null ? href : withPageQuery(href, search, keepR)} {...props}>
      {children}
      <Suspense fallback={null}>
        <PageSearch onRead={setSearch} />
      </Suspense>
    </a>
  );
}

function PageSearch({ onRead }: { onRead: (search: string) => void }) {
  // outside Next's router (component tests) there are no search params
  const params: URLSearchParams | null = useSearchParams();
  const search = params ? params.toString() : "";
  useEffect(() => onRead(search), [search, onRead]);
  return null;
}
