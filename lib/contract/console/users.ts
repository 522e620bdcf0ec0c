import { z } from "zod";
import { reasonField } from "./session";

/** What the console's user search can look for (GET /v1/console/users). */
export const USER_SEARCH_FIELDS = ["email", "id", "enterprise", "nickname", "ip"] as const;
export type UserSearchField = (typeof USER_SEARCH_FIELDS)[number];
export const USER_SORTS = ["created", "lastSignIn"] as const;
export const SEARCH_MAX = 254;
export const SEARCH_PAGE_MAX = 1000;
export const SEARCH_PAGE_SIZE_MAX = 100;

export const userSearchQuery = z.object({
  by: z.enum(USER_SEARCH_FIELDS).default("email"),
  q: z.string().trim().max(SEARCH_MAX).default(""),
  page: z.coerce.number().int().min(1).max(SEARCH_PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(20),
  sort: z.enum(USER_SORTS).default("created"),
  order: z.enum(["desc", "asc"]).default("desc"),
});
export type UserSearchQuery = z.infer<typeof userSearchQuery>;

export const USER_STATUSES = ["active", "restricted", "banned"] as const;

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

export const userSearchResponse = z.object({ list: z.array(userSummary), page: z.number(), pageSize: z.number(), hasMore: z.boolean() });
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
