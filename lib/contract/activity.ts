import { z } from "zod";

/**
 * The account's security activity (GET /v1/user/security/activity): the login log's sign-ins,
 * refused sign-ins grouped per day and place, and the account's security events, newest first.
 */
export const ACCOUNT_EVENT_KINDS = [
  "new_device",
  "password_changed",
  "password_reset",
  "password_set",
  "passkey_added",
  "passkey_renamed",
  "passkey_removed",
  "two_step_on",
  "two_step_off",
  "recovery_codes_renewed",
  "recovery_codes_used",
  "social_connected",
  "social_disconnected",
  "sessions_ended",
  "two_step_reset",
  "banned",
  "restricted",
  "unbanned",
  "password_reset_mail",
  /** "This wasn't me": every session ended, every app's access revoked, a new password required */
  "account_secured",
] as const;
export type AccountEventKind = (typeof ACCOUNT_EVENT_KINDS)[number];
export const activityKind = z.enum(["sign_in", "sign_in_failed", ...ACCOUNT_EVENT_KINDS]);
export type ActivityKind = z.infer<typeof activityKind>;

export const activityQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

export const activityItem = z.object({
  id: z.string(),
  kind: activityKind,
  /** ISO instant; the page shows it in the viewer's time zone */
  at: z.string(),
  /** support: an operator did it (never which one) */
  actor: z.enum(["self", "support"]),
  /** "City, Region, Country" of the address; null when unknown */
  location: z.string().nullable(),
  /** operating system and browser, from the user agent */
  device: z.string().nullable(),
  /** the brand/app code the request came through */
  application: z.string().nullable(),
  /** the app (OpenID client) a sign-in was made for */
  app: z.string().nullable(),
  /** a social sign-in's provider, a connected or disconnected provider */
  provider: z.string().nullable(),
  /** refused sign-ins in the group (1 for everything else) */
  count: z.number().int(),
  /** the user said "This wasn't me" about it */
  disowned: z.boolean(),
  /** whether "This wasn't me" is offered: every item but its own record (account_secured) */
  disownable: z.boolean(),
});
export type ActivityItem = z.infer<typeof activityItem>;

export const activityResponse = z.object({
  list: z.array(activityItem),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type ActivityPage = z.infer<typeof activityResponse>;

/**
 * POST /v1/user/security/activity/disown: "This wasn't me" about one item of the caller's own
 * activity, by its id: `s-<uuid>` (a sign-in), `<uuid>` (a security event), or
 * `f-<YYYY-MM-DD>-<address or none>` (one day's refused sign-ins from one address).
 */
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
export const FAILED_GROUP_ID = /^f-(\d{4}-\d{2}-\d{2})-(none|[0-9a-fA-F:.]{2,45})$/;
export const DISOWNABLE_ID = new RegExp(`^(s-)?${UUID}$|${FAILED_GROUP_ID.source}`);
export const disownRequest = z.strictObject({ id: z.string().regex(DISOWNABLE_ID) });
export const disownResponse = z.object({ ended: z.number().int() });
