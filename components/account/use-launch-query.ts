"use client";

import { useSearchParams } from "next/navigation";
import { LAUNCH_PARAMS } from "@/lib/launch/keys";

/** The launch parameters of the current address, to carry on internal links. */
export function useLaunchQuery(): string {
  const params = useSearchParams();
  const kept = new URLSearchParams();
  for (const key of LAUNCH_PARAMS) {
    const value = params.get(key);
    if (value !== null) kept.set(key, value);
  }
  return kept.toString();
}
