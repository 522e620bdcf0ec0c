import { isVersionAtLeast } from "@/lib/launch/version";

/**
 * The side-menu rule of SPEC §2 for the safety-training entry, as a pure function the menu,
 * the training page and the tests share.
 *
 * - The training route is offered when the launch context has no app version (a browser), or an
 *   app version of at least 2.6.0 (embedded clients). The "one further check that is not shown"
 *   of the spec is not known and not applied.
 * - Where it is offered, the entry is removed when the user has neither a laser (isHave) nor a
 *   printer (printIsHave). A user who is on the training page then is sent to settings.
 * - When the prize info could not be read, the entry stays: a failing call does not hide it.
 */
export const TRAINING_MIN_APP_VERSION = "2.6.0";

export type PrizeOwnership = { isHave: boolean; printIsHave: boolean };

export function trainingRouteOffered(appVersion: string): boolean {
  return appVersion === "" || isVersionAtLeast(appVersion, TRAINING_MIN_APP_VERSION);
}

export function trainingEntryVisible(input: { appVersion: string; prize: PrizeOwnership | null }): boolean {
  if (!trainingRouteOffered(input.appVersion)) return false;
  if (input.prize === null) return true;
  return input.prize.isHave || input.prize.printIsHave;
}
