import { getConfig } from "../config";
import { clearSingleton, peekSingleton, singleton } from "../singleton";
import { OutboxMailer } from "./outbox";
import { SmtpMailer } from "./smtp";
import type { Mailer } from "./types";

export type { MailMessage, Mailer } from "./types";

const NAME = "mailer";

/** SMTP when SMTP_URL is set, otherwise the embedded outbox (a file per mail in DATA_DIR/outbox). */
export function getMailer(): Mailer {
  return singleton<Mailer>(NAME, () => {
    const config = getConfig();
    return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer();
  });
}

/** Drop the cached mailer (after a configuration change in tests). */
export function resetMailer(): void {
  const current = peekSingleton<Mailer>(NAME);
  if (current instanceof SmtpMailer) current.close();
  clearSingleton(NAME);
}
