import { z } from "zod";
import { APP_CODE_PATTERN } from "../message-rules";
import { isCalendarDay } from "./screens";
import { reasonField } from "./session";
import { SEARCH_MAX, SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE_MAX, SOCIAL_FILTER, USER_SEARCH_FIELDS, USER_SORTS, USER_STATUSES, YES_NO } from "./user-search-options";

export * from "./user-search-options";

/** A filter's day, YYYY-MM-DD and a real day ("2026-02-30" is refused); "" (an empty form field) is no filter. */
const day = z.string().trim().refine((value) => value === "" || isCalendarDay(value)).optional();
const choice = <T extends readonly string[]>(values: T) => z.enum(["", ...values]).optional();

/** The search's fields, without its rules across fields (the export adds its own to them: user-transfer.ts). */
export const userSearchFields = z.object({
    by: z.enum(USER_SEARCH_FIELDS).default("any"),
    q: z.string().trim().max(SEARCH_MAX).default(""),
    page: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(20),
    sort: z.enum(USER_SORTS).default("created"),
    order: z.enum(["desc", "asc"]).default("desc"),
    status: choice(USER_STATUSES),
    twoStep: choice(YES_NO),
    passkey: choice(YES_NO),
    /** a social provider the account is connected to (google, …) */
    social: z.string().trim().toLowerCase().regex(SOCIAL_FILTER).optional(),
    /** the brand (app code) the account registered from */
    brand: z.string().trim().refine((value) => value === "" || APP_CODE_PATTERN.test(value)).optional(),
    createdFrom: day,
    createdTo: day,
    signedInFrom: day,
    signedInTo: day,
});

/** A range's end before its start is refused, on the field of the end. */
export function checkSearchRanges(query: Pick<z.infer<typeof userSearchFields>, "createdFrom" | "createdTo" | "signedInFrom" | "signedInTo">, ctx: z.RefinementCtx): void {
  if (query.createdFrom && query.createdTo && query.createdFrom > query.createdTo) ctx.addIssue({ code: "custom", path: ["createdTo"], message: "range" });
  if (query.signedInFrom && query.signedInTo && query.signedInFrom > query.signedInTo) ctx.addIssue({ code: "custom", path: ["signedInTo"], message: "range" });
}

export const userSearchQuery = userSearchFields.superRefine(checkSearchRanges);
export type UserSearchQuery = z.infer<typeof userSearchQuery>;
export type UserSearchInput = z.input<typeof userSearchQuery>;

export const userSummary = z.object({
  id: z.string(),
  email: z.string(),
  nickname: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  enterprise: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummary>;

/** A search result: the summary and the brand (app code) the account registered from, null when unknown. */
export const userSearchRow = userSummary.extend({ brand: z.string().nullable() });
export type UserSearchRow = z.infer<typeof userSearchRow>;

/** `count`: the matches, at most SEARCH_COUNT_MAX (then `countCapped`: "10 000+"). */
export const userSearchResponse = z.object({ list: z.array(userSearchRow), page: z.number(), pageSize: z.number(), hasMore: z.boolean(), count: z.number(), countCapped: z.boolean() });
export type UserSearchResponse = z.infer<typeof userSearchResponse>;

const consoleSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  endedAt: z.string().nullable(),
  ip: z.string().nullable(),
  location: z.string().nullable(),
  platform: z.string().nullable(),
  userAgent: z.string().nullable(),
  appCode: z.string().nullable(),
  way: z.string().nullable(),
});

/**
 * One user as the console shows it. Never a password hash, a code, a token, a TOTP secret or a
 * recovery code. `extensions`: what later features (passkeys, two-step) add, as label → value.
 */
export const userDetail = z.object({
  user: userSummary.extend({
    country: z.number().nullable(),
    gender: z.string().nullable(),
    defaultPassword: z.boolean(),
    deviceSecurity: z.boolean(),
    updatedAt: z.string(),
    /** the account's stored language (every mail to it uses it); null until its owner stated one */
    language: z.enum(["en", "zh"]).nullable(),
    /** "This wasn't me" asked for a new password, not yet set through the emailed reset */
    passwordResetRequired: z.boolean(),
  }),
  /** every way in: password, social accounts, passkeys (name and dates, never key material), two-step (on/off, recovery codes left, never a code) */
  waysIn: z.object({
    password: z.boolean(),
    social: z.array(z.object({ channel: z.string(), since: z.string() })),
    passkeys: z.array(z.object({ name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
    twoStep: z.object({ enabled: z.boolean(), since: z.string().nullable(), recoveryCodesLeft: z.number() }),
  }),
  extensions: z.array(z.object({ key: z.string(), value: z.string() })),
  sessions: z.array(consoleSession),
  failures: z.array(z.object({ at: z.string(), ip: z.string().nullable(), method: z.string(), reason: z.number() })),
  devices: z.array(z.object({ id: z.string(), name: z.string(), firstSeen: z.string(), lastSeen: z.string() })),
  redemptions: z.array(z.object({ batch: z.string(), benefit: z.string(), redeemedAt: z.string() })),
  training: z.object({ certificates: z.array(z.object({ kind: z.string(), at: z.string() })), flags: z.array(z.string()) }),
  messages: z.array(z.object({ title: z.string(), appCode: z.string(), category: z.string(), at: z.string(), read: z.boolean() })),
});
export type UserDetail = z.infer<typeof userDetail>;

// POST /v1/console/users/:id/status
export const userStatusRequest = z.object({ status: z.enum(USER_STATUSES), reason: reasonField });
// POST /v1/console/users/:id/sessions/end — one session, or every session without sessionId
export const endSessionsRequest = z.object({ sessionId: z.uuid().optional(), reason: reasonField });
// POST /v1/console/users/:id/social/disconnect
export const disconnectSocialRequest = z.object({ channel: z.string().trim().min(1).max(32), reason: reasonField });
// POST /v1/console/users/:id/delete
export const reasonRequest = z.object({ reason: reasonField });
// POST /v1/console/users/:id/password-reset — the mail's link is built by the services from their
// configured public origin, in the language of the `lang` header; a caller cannot name it (a body
// with `page` or any other field is refused, 10001)
export const passwordResetRequest = z.strictObject({ reason: reasonField });

export const userActionResponse = z.object({ done: z.literal(true), count: z.number().optional() });
export type UserActionResponse = z.infer<typeof userActionResponse>;
