import * as z from "zod/mini";
import { MESSAGE_CATEGORIES, MESSAGE_PAGE_SIZES, MESSAGE_SORTS } from "@/lib/contract/message-rules";

/**
 * What the message centre's /api routes and server actions accept from the browser (zod/mini,
 * shared with the client). The services check the same again.
 */
export const messageCategoryField = z.enum(MESSAGE_CATEGORIES);

export const messagePageQuery = z.object({
  category: messageCategoryField,
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 1),
  pageSize: z._default(
    z.coerce.number().check(
      z.int(),
      z.refine((n) => (MESSAGE_PAGE_SIZES as readonly number[]).includes(n)),
    ),
    MESSAGE_PAGE_SIZES[0],
  ),
  sort: z._default(z.enum(MESSAGE_SORTS), "desc"),
});
export type MessagePageQuery = z.infer<typeof messagePageQuery>;

export const readMessageInput = z.object({ id: z.uuid() });
export const readAllInput = z.object({ category: messageCategoryField });
export const saveSettingsInput = z.object({
  settings: z.array(z.object({ category: messageCategoryField, blocked: z.boolean() })).check(z.minLength(1), z.maxLength(MESSAGE_CATEGORIES.length)),
});
export type SaveSettingsInput = z.infer<typeof saveSettingsInput>;
