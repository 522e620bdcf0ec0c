import { eq } from "drizzle-orm";
import { announcementTexts, APP_CODE_PATTERN, isMessageCategory, MESSAGE_CATEGORIES, messageTexts, type MessageCategory } from "@/lib/contract/messages";
import { canonicalEmail, emailField } from "@/lib/contract/fields";
import { now } from "../clock";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { dailyCounts, type DailyCount } from "../services/analytics";
import { allAnnouncements, publishAnnouncement, withdrawAnnouncement, type AnnouncementRow } from "../services/announcements";
import { publishMessage, type Published } from "../services/message-publish";
import { CliError } from "./commands";

/**
 * Operator commands of the message centre, the announcements and the analytics collector,
 * as functions (run.ts parses the arguments and prints). Texts are given in both languages.
 */
export type SendMessageInput = {
  appCode: string;
  category: string;
  to: { email: string } | "app-users";
  texts: { en: { name: string; content: string }; zh: { name: string; content: string } };
};

export async function sendMessage(input: SendMessageInput): Promise<Published & { recipient: string }> {
  if (!APP_CODE_PATTERN.test(input.appCode)) throw new CliError("--app must be 1–64 letters, digits, '.', '_' or '-'.");
  if (!isMessageCategory(input.category)) throw new CliError(`--category must be one of ${MESSAGE_CATEGORIES.join(", ")}.`);
  const category: MessageCategory = input.category;
  const texts = messageTexts.safeParse(input.texts);
  if (!texts.success) throw new CliError("Each of --name-en, --name-zh (1–120 characters), --content-en and --content-zh (1–4000) is needed.");
  if (input.to === "app-users") {
    const published = await publishMessage({ appCode: input.appCode, category, texts: texts.data, audience: { appUsers: true } });
    return { ...published, recipient: `every user of ${input.appCode}` };
  }
  const parsed = emailField.safeParse(input.to.email);
  if (!parsed.success) throw new CliError(`Not an email address: ${JSON.stringify(input.to.email)}`);
  const email = canonicalEmail(parsed.data);
  const db = await getDb();
  const [user] = await db.select({ id: users.id, status: users.status, enterpriseId: users.enterpriseId }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new CliError(`No account for ${email}.`);
  if (user.enterpriseId) throw new CliError(`${email} is an enterprise account, which has no message centre.`);
  if (user.status === "banned") throw new CliError(`${email} is banned.`);
  const published = await publishMessage({ appCode: input.appCode, category, texts: texts.data, audience: { userId: user.id } });
  if (published.delivered === 0) throw new CliError(`Not sent: ${email} turned off ${category} messages for ${input.appCode}.`);
  return { ...published, recipient: email };
}

export async function newAnnouncement(input: { texts: { en: { title: string; body: string }; zh: { title: string; body: string } }; until: string | null }): Promise<AnnouncementRow> {
  const texts = announcementTexts.safeParse(input.texts);
  if (!texts.success) throw new CliError("Each of --title-en, --title-zh (1–200 characters), --body-en and --body-zh (1–8000) is needed.");
  let until: Date | null = null;
  if (input.until !== null) {
    until = new Date(input.until);
    if (Number.isNaN(until.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(input.until)) throw new CliError("--until must be a date or time such as 2026-12-31 or 2026-12-31T18:00:00Z.");
    if (until <= now()) throw new CliError("--until must be in the future.");
  }
  return publishAnnouncement(texts.data, until);
}

export async function listAnnouncements(): Promise<AnnouncementRow[]> {
  return allAnnouncements();
}

export async function removeAnnouncement(id: string): Promise<void> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw new CliError(`Not an announcement id: ${JSON.stringify(id)} (see announcement:list).`);
  if (!(await withdrawAnnouncement(id))) throw new CliError(`No shown announcement ${id} (see announcement:list).`);
}

export const COUNTS_DEFAULT_DAYS = 7;

export async function analyticsCounts(days = COUNTS_DEFAULT_DAYS): Promise<DailyCount[]> {
  if (!Number.isInteger(days) || days < 1 || days > 366) throw new CliError("--days must be a whole number from 1 to 366.");
  return dailyCounts(days);
}
