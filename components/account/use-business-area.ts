"use client";

import { usePathname } from "next/navigation";
import { routeRule } from "@/lib/session/routes";

/**
 * True on the business routes. The guard lets only enterprise users onto them and keeps
 * enterprise users off every other user-centre route (SPEC §4), so this is also "the user is
 * an enterprise user" for the shared account layout.
 */
export function useBusinessArea(): boolean {
  const pathname = usePathname();
  const rest = pathname.split("/").filter(Boolean).slice(1).join("/");
  return routeRule(rest)?.business === true;
}
