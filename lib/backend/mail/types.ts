export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /**
   * Values inside `text` (verification codes) that may appear only where the mail is
   * delivered (the recipient's mailbox, or the embedded outbox's file): the outbox_mails record
   * and the log never hold them.
   */
  secrets?: readonly string[];
};

/** Sends an email. Throws when it could not be handed over for delivery. */
export interface Mailer {
  readonly transport: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}
