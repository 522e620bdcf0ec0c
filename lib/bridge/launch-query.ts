import { LAUNCH_PARAMS } from "@/lib/launch/keys";

/** The launch parameters of the current address (SPEC §2), read on the client: public pages are static. */
export function launchQueryFromLocation(): URLSearchParams {
  const current = new URLSearchParams(window.location.search);
  const kept = new URLSearchParams();
  for (const key of LAUNCH_PARAMS) {
    const value = current.get(key);
    if (value !== null) kept.set(key, value);
  }
  return kept;
}
