"use client";

import { Suspense, type ComponentProps } from "react";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { withPageQuery } from "@/lib/launch/page-query";

type Props = Omit<ComponentProps<typeof Link>, "href"> & { href: string; keepR?: boolean };

/**
 * A link to another portal page that carries the launch parameters (and `r`, when asked) of the
 * address. On a static page the server renders the plain path; the browser adds the query.
 */
export function LaunchLink({ href, keepR = false, ...props }: Props) {
  return (
    <Suspense fallback={<Link href={href} {...props} />}>
      <LinkWithQuery href={href} keepR={keepR} {...props} />
    </Suspense>
  );
}

function LinkWithQuery({ href, keepR, ...props }: Props & { keepR: boolean }) {
  // outside Next's router (component tests) there are no search params
  const params: URLSearchParams | null = useSearchParams();
  return <Link href={withPageQuery(href, params ? params.toString() : "", keepR)} {...props} />;
}
