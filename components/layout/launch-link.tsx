"use client";

import { Suspense, type AnchorHTMLAttributes } from "react";
import { useSearchParams } from "next/navigation";
import { withPageQuery } from "@/lib/launch/page-query";

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { href: string; keepR?: boolean };

/**
 * A link to another portal page that carries the launch parameters (and `r`, when asked) of the
 * address. On a static page the server renders the plain path; the browser adds the query.
 * A plain link, not next/link: the pages it leads to are static and load fast, and the router's
 * link code would cost the public pages a part of their script budget.
 */
export function LaunchLink({ href, keepR = false, ...props }: Props) {
  return (
    <Suspense fallback={<a href={href} {...props} />}>
      <LinkWithQuery href={href} keepR={keepR} {...props} />
    </Suspense>
  );
}

function LinkWithQuery({ href, keepR, ...props }: Props & { keepR: boolean }) {
  // outside Next's router (component tests) there are no search params
  const params: URLSearchParams | null = useSearchParams();
  return <a href={withPageQuery(href, params ? params.toString() : "", keepR)} {...props} />;
}
