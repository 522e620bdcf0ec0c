import { recordMail } from "./record";
import type { MailMessage, Mailer } from "./types";

/**
 * The embedded default when SMTP_URL is not set: each mail is stored in outbox_mails and
 * printed in the server log, so a newcomer can read the code without a mail server.
 * This is the only place a code is ever logged.
 */
export class OutboxMailer implements Mailer {
  readonly transport = "outbox" as const;

  constructor(private readonly log: (block: string) => void = (block) => console.info(block)) {}

  async send(message: MailMessage): Promise<void> {
    await recordMail(message, { transport: this.transport, status: "logged", text: message.text });
    this.log(frame(message));
  }
}

export function frame(message: MailMessage): string {
  const rule = "─".repeat(64);
  const body = message.text.split("\n").map((line) => `│ ${line}`);
  return [
    `┌${rule}`,
    "│ OUTBOX MAIL (not sent: SMTP_URL is not set)",
    `│ To:      ${message.to}`,
    `│ Subject: ${message.subject}`,
    "│",
    ...body,
    `└${rule}`,
  ].join("\n");
}
