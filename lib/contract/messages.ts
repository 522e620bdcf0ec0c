import { z } from "zod";
import {
  ANNOUNCEMENT_BODY_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  APP_CODE_PATTERN,
  MESSAGE_CATEGORIES,
  MESSAGE_CONTENT_MAX,
  MESSAGE_NAME_MAX,
  MESSAGE_PAGE_SIZE_MAX,
  MESSAGE_SORTS,
} from "./message-rules";

/**
 * The message service (SPEC §3, §7; MESSAGE_API_URL) under /message/v1/web and /message/v2/web.
 * Every call but the announcements needs the session token (`utoken`); a user only ever reads
 * or changes their own messages and settings. The app code is the `appCode` of the query or
 * body, else the `x-app-code` (`code`) header, else "passport".
 */
export * from "./message-rules";

export const messageCategorySchema = z.enum(MESSAGE_CATEGORIES);
export const appCodeField = z.string().trim().regex(APP_CODE_PATTERN);

const texts = <T extends z.ZodType>(schema: T) => z.object({ en: schema, zh: schema });

/** One message of the user's inbox. */
export const messageItem = z.object({
  id: z.uuid(),
  appCode: z.string(),
  category: messageCategorySchema,
  /** the name in the language of the `lang` header */
  name: z.string(),
  /** name and content keyed by language (SPEC §3 contentLang) */
  contentLang: texts(z.object({ name: z.string(), content: z.string() })),
  read: z.boolean(),
  /** when it was published, ISO 8601 */
  createdAt: z.string(),
});
export type MessageItem = z.infer<typeof messageItem>;

// GET /message/v1/web/list?category=&page=&pageSize=&sort=&appCode=
export const messageListQuery = z.object({
  category: messageCategorySchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MESSAGE_PAGE_SIZE_MAX).default(10),
  sort: z.enum(MESSAGE_SORTS).default("desc"),
  appCode: appCodeField.optional(),
});
export const messageListResponse = z.object({
  list: z.array(messageItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MessageList = z.infer<typeof messageListResponse>;

// GET /message/v1/web/count?appCode= — and the answer of both read calls
export const appCodeQuery = z.object({ appCode: appCodeField.optional() });
export const unreadCountsResponse = z.object({
  total: z.number().int(),
  device: z.number().int(),
  system: z.number().int(),
  app: z.number().int(),
  activity: z.number().int(),
});

// POST /message/v1/web/read — a message that is not the caller's is 20602, as one that does not exist
export const readMessageRequest = z.object({ id: z.uuid() });

// POST /message/v1/web/read/all — one tab, or every tab without `category`
export const readAllRequest = z.object({ category: messageCategorySchema.optional(), appCode: appCodeField.optional() });

/** Whether a category reaches the user in an app; system and activity messages cannot be turned off (20601). */
export const messageSetting = z.object({
  appCode: z.string(),
  category: messageCategorySchema,
  blocked: z.boolean(),
  blockable: z.boolean(),
});
export type MessageSetting = z.infer<typeof messageSetting>;

// GET /message/v1/web/my/settings?appCode= — every category of the app
export const messageSettingsResponse = z.object({ appCode: z.string(), settings: z.array(messageSetting) });
export type MessageSettings = z.infer<typeof messageSettingsResponse>;

// POST /message/v1/web/my/settings — one category
export const messageSettingRequest = z.object({
  appCode: appCodeField.optional(),
  category: messageCategorySchema,
  blocked: z.boolean(),
});

// POST /message/v2/web/my/settings — several categories of one app at once (SPEC §7: settings array, appCode)
export const messageSettingsRequest = z.object({
  appCode: appCodeField,
  settings: z
    .array(z.object({ category: messageCategorySchema, blocked: z.boolean() }))
    .min(1)
    .max(MESSAGE_CATEGORIES.length)
    .refine((list) => new Set(list.map((item) => item.category)).size === list.length, { message: "each category once" }),
});

// GET /message/v1/web/announcements — public (no token): the current announcements, newest first
export const announcementItem = z.object({
  id: z.uuid(),
  title: texts(z.string()),
  body: texts(z.string()),
  publishedAt: z.string(),
  /** when it stops being shown, or null */
  expiresAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementItem>;
export const announcementsResponse = z.object({ list: z.array(announcementItem) });

/** What an operator publishes (checked by the admin commands). */
export const messageTexts = texts(
  z.object({ name: z.string().trim().min(1).max(MESSAGE_NAME_MAX), content: z.string().trim().min(1).max(MESSAGE_CONTENT_MAX) }),
);
export const announcementTexts = texts(
  z.object({ title: z.string().trim().min(1).max(ANNOUNCEMENT_TITLE_MAX), body: z.string().trim().min(1).max(ANNOUNCEMENT_BODY_MAX) }),
);
