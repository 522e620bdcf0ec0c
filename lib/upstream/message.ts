import "server-only";
import {
  announcementsResponse,
  messageListResponse,
  messageSettingsResponse,
  unreadCountsResponse,
  type Announcement,
  type MessageCategory,
  type MessageList,
  type MessageSettings,
  type MessageSort,
  type UnreadCounts,
} from "@/lib/contract/messages";
import { messageCall, type UpstreamContext } from "./context";

/**
 * The message service (SPEC §7, lib/contract/messages.ts): the signed-in user's messages, unread
 * counts and settings for an app code, and the public announcements.
 */
export async function getMessageList(
  ctx: UpstreamContext,
  input: { appCode: string; category: MessageCategory; page: number; pageSize: number; sort: MessageSort },
): Promise<MessageList> {
  return messageCall(ctx, { method: "GET", path: "/message/v1/web/list", query: input, schema: messageListResponse });
}

export async function getUnreadCounts(ctx: UpstreamContext, input: { appCode: string }): Promise<UnreadCounts> {
  return messageCall(ctx, { method: "GET", path: "/message/v1/web/count", query: input, schema: unreadCountsResponse });
}

/** Marks one message read (POST /message/v1/web/read); the unread counts after. */
export async function readMessage(ctx: UpstreamContext, input: { id: string }): Promise<UnreadCounts> {
  return messageCall(ctx, { method: "POST", path: "/message/v1/web/read", body: input, schema: unreadCountsResponse });
}

/** Marks a tab (or every tab) read (POST /message/v1/web/read/all); the unread counts after. */
export async function readAllMessages(ctx: UpstreamContext, input: { appCode: string; category?: MessageCategory }): Promise<UnreadCounts> {
  return messageCall(ctx, { method: "POST", path: "/message/v1/web/read/all", body: input, schema: unreadCountsResponse });
}

export async function getMessageSettings(ctx: UpstreamContext, input: { appCode: string }): Promise<MessageSettings> {
  return messageCall(ctx, { method: "GET", path: "/message/v1/web/my/settings", query: input, schema: messageSettingsResponse });
}

/** Sets the categories of one app at once (POST /message/v2/web/my/settings); system ones cannot be turned off (20601). */
export async function saveMessageSettings(
  ctx: UpstreamContext,
  input: { appCode: string; settings: { category: MessageCategory; blocked: boolean }[] },
): Promise<MessageSettings> {
  return messageCall(ctx, { method: "POST", path: "/message/v2/web/my/settings", body: input, schema: messageSettingsResponse });
}

/** The current announcements (no session needed). */
export async function getAnnouncements(ctx: UpstreamContext): Promise<Announcement[]> {
  return (await messageCall(ctx, { method: "GET", path: "/message/v1/web/announcements", schema: announcementsResponse })).list;
}
