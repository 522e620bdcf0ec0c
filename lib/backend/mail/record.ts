import { now } from "../clock";
import { getDb } from "../db/client";
import { outboxMails } from "../db/schema";
import type { MailMessage, Mailer } from "./types";

/** Store a mail in the outbox_mails table. */
export async function recordMail(
  message: MailMessage,
  record: { transport: Mailer["transport"]; status: "written" | "sent" | "failed"; text: string; error?: string },
): Promise<void> {
  const db = await getDb();
  await db.insert(outboxMails).values({
    toAddress: message.to,
    subject: message.subject,
    text: record.text,
    transport: record.transport,
    status: record.status,
    error: record.error ?? null,
    createdAt: now(),
  });
}

/** The text with every secret replaced, for records kept beside a real delivery. */
export function redact(message: MailMessage): string {
  return (message.secrets ?? []).reduce((text, secret) => (secret ? text.split(secret).join("******") : text), message.text);
}
