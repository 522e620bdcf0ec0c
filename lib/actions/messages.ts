"use server";

import type { MessageSettings, UnreadCounts } from "@/lib/contract/messages";
import type { ActionResult, PageRef } from "@/lib/session/action-result";
import { fieldErrors } from "@/lib/session/server";
import { signedIn } from "@/lib/session/signed-in";
import { readAllMessages, readMessage, saveMessageSettings } from "@/lib/upstream/message";
import { readAllInput, readMessageInput, saveSettingsInput } from "@/lib/validation/messages";

/** The message centre's changes for the app of the page (`p`): each answers the new unread counts or settings. */
export async function readMessageAction(input: { id: string }, page: PageRef): Promise<ActionResult<{ counts: UnreadCounts }>> {
  const parsed = readMessageInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return signedIn(page, async (ctx) => ({ counts: await readMessage(ctx, parsed.data) }));
}

export async function readAllAction(input: { category: string }, page: PageRef): Promise<ActionResult<{ counts: UnreadCounts }>> {
  const parsed = readAllInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return signedIn(page, async (ctx, at) => ({ counts: await readAllMessages(ctx, { appCode: at.launch.p, category: parsed.data.category }) }));
}

export async function saveSettingsAction(input: { settings: { category: string; blocked: boolean }[] }, page: PageRef): Promise<ActionResult<{ settings: MessageSettings }>> {
  const parsed = saveSettingsInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: fieldErrors(parsed.error) };
  return signedIn(page, async (ctx, at) => ({ settings: await saveMessageSettings(ctx, { appCode: at.launch.p, settings: parsed.data.settings }) }));
}
