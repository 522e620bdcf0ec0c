import fs from "node:fs/promises";
import path from "node:path";
import { now } from "../clock";
import { log } from "../log";
import { outboxDir } from "./outbox-dir";
import { recordMail, redact } from "./record";
import type { MailMessage, Mailer } from "./types";

/**
 * The embedded default when SMTP_URL is not set: nothing is sent. Each mail is written as a
 * plain-text file, DATA_DIR/outbox/<time>-<to>.txt (readable by its owner only), where a
 * newcomer opens it to read the code; the log gets one line naming the file, never the code,
 * and outbox_mails keeps the mail with its secrets redacted, as for SMTP. The files are
 * deleted after 7 days (maintenance/pruners.ts) and with the account.
 */
export class OutboxMailer implements Mailer {
  readonly transport = "outbox" as const;

  async send(message: MailMessage): Promise<void> {
    const file = await writeMailFile(message);
    await recordMail(message, { transport: this.transport, status: "written", text: redact(message) });
    log().info({ file: path.relative(process.cwd(), file) || file }, "outbox: mail written to a file (SMTP_URL is not set)");
  }
}

/** "User+tag@Example.com" → "user+tag@example.com"; anything unsafe in a file name → "_". */
function fileSafe(address: string): string {
  return address.toLowerCase().replace(/[^a-z0-9@._+-]/g, "_").slice(0, 200);
}

async function writeMailFile(message: MailMessage): Promise<string> {
  const dir = outboxDir();
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const at = now();
  const content = [`To: ${message.to}`, `Subject: ${message.subject}`, `Date: ${at.toISOString()}`, "", message.text, ""].join("\n");
  const stem = `${at.toISOString().replace(/[:.]/g, "-")}-${fileSafe(message.to)}`;
  for (let n = 1; ; n++) {
    const file = path.join(dir, `${stem}${n > 1 ? `-${n}` : ""}.txt`);
    try {
      await fs.writeFile(file, content, { flag: "wx", mode: 0o600 });
      // dated by the services' clock, which the pruner compares with
      await fs.utimes(file, at, at);
      return file;
    } catch (error) {
      // two mails to one address in the same millisecond: the next free name
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || n >= 100) throw error;
    }
  }
}

/** The outbox files of one address (account deletion removes them with the account). */
export async function removeOutboxFilesOf(address: string): Promise<void> {
  const suffix = new RegExp(`-${fileSafe(address).replace(/[.+]/g, "\\$&")}(-\\d+)?\\.txt$`);
  const names = await fs.readdir(outboxDir()).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => suffix.test(name)).map((name) => fs.rm(path.join(outboxDir(), name), { force: true })));
}
