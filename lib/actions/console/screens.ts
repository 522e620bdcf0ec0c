"use server";

import { revalidatePath } from "next/cache";
import type { AnnouncementInput, BanInput, BatchInput, EnterpriseInput, MessageInput } from "@/lib/validation/console-forms";
import * as ops from "@/lib/upstream/console-screens";
import { consoleResult } from "./result";

/**
 * The operations screens' actions. Each passes the operator's input on as typed (strings
 * only: anything else is dropped here) for the services to check and audit; the answer is an
 * ActionResult the screen shows (lib/actions/console/result.ts). The services refuse a role too low (403, audited).
 */
const str = (value: unknown): string => (typeof value === "string" ? value : "");

export async function createEnterpriseAction(lang: string, input: EnterpriseInput) {
  return consoleResult(lang, (ctx) => ops.createEnterprise(ctx, { account: str(input.account), name: str(input.name), email: str(input.email), reason: str(input.reason) }));
}

export async function resetEnterprisePasswordAction(lang: string, enterpriseId: string, userId: string, reason: string) {
  return consoleResult(lang, (ctx) => ops.resetEnterprisePassword(ctx, str(enterpriseId), str(userId), str(reason)));
}

export async function createCodeBatchAction(lang: string, input: BatchInput) {
  return consoleResult(lang, (ctx) =>
    ops.createCodeBatch(ctx, { benefitEn: str(input.benefitEn), benefitZh: str(input.benefitZh), count: str(input.count), benefitDays: str(input.benefitDays), validUntil: str(input.validUntil), reason: str(input.reason) }),
  );
}

export async function lookupCodeAction(lang: string, code: string) {
  return consoleResult(lang, (ctx) => ops.lookupCode(ctx, str(code)));
}

export async function revokeCodeAction(lang: string, code: string, reason: string) {
  return consoleResult(lang, (ctx) => ops.revokeCode(ctx, str(code), str(reason)));
}

const texts = (value: MessageInput["texts"]) => ({
  en: { title: str(value?.en?.title), body: str(value?.en?.body) },
  zh: { title: str(value?.zh?.title), body: str(value?.zh?.body) },
});

export async function sendMessageAction(lang: string, input: MessageInput) {
  const target = input.target === "app" || input.target === "everyone" ? input.target : "user";
  return consoleResult(lang, (ctx) => ops.sendMessage(ctx, { appCode: str(input.appCode), category: str(input.category), target, email: str(input.email), texts: texts(input.texts), reason: str(input.reason) }));
}

// The public /announcement page is regenerated every 30 s; a change made here is shown at the
// next visit to this portal. A regeneration already under way when the change lands (started by
// a visit a moment before) can still store the old list; it is then replaced within 30 s.
const ANNOUNCEMENT_PAGE = "/announcement";

export async function publishAnnouncementAction(lang: string, input: AnnouncementInput) {
  return consoleResult(lang, async (ctx) => {
    const published = await ops.publishAnnouncement(ctx, { texts: texts(input.texts), until: str(input.until), reason: str(input.reason) });
    revalidatePath(ANNOUNCEMENT_PAGE);
    return published;
  });
}

export async function unpublishAnnouncementAction(lang: string, id: string, reason: string) {
  return consoleResult(lang, async (ctx) => {
    await ops.unpublishAnnouncement(ctx, str(id), str(reason));
    revalidatePath(ANNOUNCEMENT_PAGE);
    return null;
  });
}

export async function addBanAction(lang: string, input: BanInput) {
  return consoleResult(lang, (ctx) => ops.addBan(ctx, { network: str(input.network), expiresOn: str(input.expiresOn), reason: str(input.reason) }));
}

export async function removeBanAction(lang: string, network: string, reason: string) {
  return consoleResult(lang, (ctx) => ops.removeBan(ctx, str(network), str(reason)));
}
