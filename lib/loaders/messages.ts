import "server-only";
import { redirect } from "next/navigation";
import { ErrorCode } from "@/lib/contract/errors";
import { MESSAGE_CATEGORIES, MESSAGE_PAGE_SIZES, type MessageList, type MessageSettings, type MessageSort, type UnreadCounts } from "@/lib/contract/messages";
import type { Locale } from "@/lib/i18n/routing";
import type { LaunchContext } from "@/lib/launch/context";
import { readToken, upstreamContext } from "@/lib/session/server";
import { isUpstreamError } from "@/lib/upstream/errors";
import { getMessageList, getMessageSettings, getUnreadCounts } from "@/lib/upstream/message";

/** A part of the page's data, or the code of why it could not be read (that part then says so). */
export type Loaded<T> = { data: T; error: null } | { data: null; error: number };

export type MessageCentreData = {
  counts: Loaded<UnreadCounts>;
  /** the first page of the first tab */
  list: Loaded<MessageList>;
  settings: Loaded<MessageSettings>;
};

async function settle<T>(read: Promise<T>): Promise<Loaded<T>> {
  try {
    return { data: await read, error: null };
  } catch (error) {
    if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) throw error;
    return { data: null, error: isUpstreamError(error) ? error.code : ErrorCode.systemError };
  }
}

/**
 * What the message centre shows first, read in parallel for the app `p`: the unread counts,
 * the first page of the first tab and the settings. A part that cannot be read does not take
 * the page down; a session that ended meanwhile (20101) goes to `loginHref`.
 */
export async function loadMessageCentre(lang: Locale, launch: LaunchContext, sort: MessageSort, loginHref: string): Promise<MessageCentreData> {
  const token = await readToken();
  if (!token) redirect(loginHref);
  try {
    const ctx = await upstreamContext(lang, launch, token);
    const appCode = launch.p;
    const [counts, list, settings] = await Promise.all([
      settle(getUnreadCounts(ctx, { appCode })),
      settle(getMessageList(ctx, { appCode, category: MESSAGE_CATEGORIES[0], page: 1, pageSize: MESSAGE_PAGE_SIZES[0], sort })),
      settle(getMessageSettings(ctx, { appCode })),
    ]);
    return { counts, list, settings };
  } catch (error) {
    if (isUpstreamError(error) && error.code === ErrorCode.loginExpired) redirect(loginHref);
    throw error;
  }
}
