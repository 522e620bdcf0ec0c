import type { Transporter } from "nodemailer";
import { recordMail, redact } from "./record";
import type { MailMessage, Mailer } from "./types";

/**
 * Delivery through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example.com:587 or
 * smtp://127.0.0.1:2525). Each mail is also recorded in outbox_mails as sent or failed,
 * with its secrets redacted: codes are stored only as hashes.
 */
export class SmtpMailer implements Mailer {
  readonly transport = "smtp" as const;
  private transporter: Promise<Transporter> | null = null;

  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}

  private getTransporter(): Promise<Transporter> {
    this.transporter ??= import("nodemailer").then((nodemailer) => nodemailer.createTransport(this.url));
    return this.transporter;
  }

  async send(message: MailMessage): Promise<void> {
    const text = redact(message);
    try {
      const transporter = await this.getTransporter();
      await transporter.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await recordMail(message, { transport: this.transport, status: "failed", text, error: reason.slice(0, 500) });
      throw error;
    }
    await recordMail(message, { transport: this.transport, status: "sent", text });
  }

  close(): void {
    void this.transporter?.then((transporter) => transporter.close());
    this.transporter = null;
  }
}
