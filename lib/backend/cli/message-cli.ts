import { now } from "../clock";
import {
  analyticsCounts,
  COUNTS_DEFAULT_DAYS,
  listAnnouncements,
  newAnnouncement,
  removeAnnouncement,
  sendMessage,
} from "./message-commands";
import type { CommandAudit } from "./cli-audit";
import { table } from "./table";
import { parseCommand, requiredOption, UsageError } from "./usage";

/** The help lines of the message, announcement and analytics commands (part of run.ts's USAGE). */
export const MESSAGE_USAGE = `  message:send --app CODE --category device|system|app|activity (--to EMAIL | --app-users)
               --name-en TEXT --name-zh TEXT --content-en TEXT --content-zh TEXT [--json]
                      Publish a message to one account, or to every account that has signed
                      in through the app, in the app's message centre (both languages).
  announcement:publish --title-en TEXT --title-zh TEXT --body-en TEXT --body-zh TEXT [--until DATE] [--json]
                      Publish a public announcement (/announcement), shown until DATE if given.
  announcement:list   Announcements, newest first, with their state.
  announcement:withdraw ID
                      Stop showing an announcement.
  analytics:counts [--days N] [--json]
                      Analytics events received per day and event (default ${COUNTS_DEFAULT_DAYS} days).`;

type Io = { out: (line: string) => void };

function text(values: Record<string, string | boolean | undefined>, flag: string): string {
  return requiredOption(values[flag], flag);
}

const TEXT = { type: "string" } as const;
const FLAG = { type: "boolean" } as const;

/** Runs one of these commands; false when `command` is not one of them. */
export async function runMessageCommand(command: string, args: string[], io: Io, entry: CommandAudit): Promise<boolean> {
  switch (command) {
    case "message:send": {
      const { values } = parseCommand(
        args,
        { app: TEXT, category: TEXT, to: TEXT, "app-users": FLAG, "name-en": TEXT, "name-zh": TEXT, "content-en": TEXT, "content-zh": TEXT, json: FLAG },
        0,
      );
      if (Boolean(values.to) === Boolean(values["app-users"])) throw new UsageError("Give either --to EMAIL or --app-users.");
      const sent = await sendMessage({
        appCode: text(values, "app"),
        category: text(values, "category"),
        to: values["app-users"] ? "app-users" : { email: text(values, "to") },
        texts: {
          en: { name: text(values, "name-en"), content: text(values, "content-en") },
          zh: { name: text(values, "name-zh"), content: text(values, "content-zh") },
        },
      });
      if (sent.id) entry.target = { type: "message", id: sent.id };
      Object.assign(entry.attempted, { to: sent.recipient, app: values.app, category: values.category, delivered: sent.delivered });
      if (values.json) io.out(JSON.stringify({ id: sent.id, delivered: sent.delivered }));
      else io.out(`Published message ${sent.id ?? "-"} to ${sent.recipient}: delivered to ${sent.delivered} account(s).`);
      return true;
    }
    case "announcement:publish": {
      const { values } = parseCommand(args, { "title-en": TEXT, "title-zh": TEXT, "body-en": TEXT, "body-zh": TEXT, until: TEXT, json: FLAG }, 0);
      const row = await newAnnouncement({
        texts: { en: { title: text(values, "title-en"), body: text(values, "body-en") }, zh: { title: text(values, "title-zh"), body: text(values, "body-zh") } },
        until: typeof values.until === "string" ? values.until : null,
      });
      entry.target = { type: "announcement", id: row.id };
      Object.assign(entry.attempted, { title: row.titleEn, until: row.expiresAt?.toISOString() ?? null });
      if (values.json) io.out(JSON.stringify({ id: row.id }));
      else io.out(`Published announcement ${row.id}${row.expiresAt ? ` until ${row.expiresAt.toISOString()}` : ""}. /announcement shows it within a minute.`);
      return true;
    }
    case "announcement:list": {
      parseCommand(args, {}, 0);
      const rows = await listAnnouncements();
      if (rows.length === 0) io.out("No announcements.");
      else {
        const state = (row: (typeof rows)[number]) => (row.withdrawnAt ? "withdrawn" : row.expiresAt && row.expiresAt <= now() ? "expired" : "shown");
        io.out(table(["id", "published", "until", "state", "title"], rows.map((row) => [row.id, row.publishedAt.toISOString(), row.expiresAt?.toISOString() ?? "-", state(row), row.titleEn])));
      }
      return true;
    }
    case "announcement:withdraw": {
      const { positionals } = parseCommand(args, {}, 1);
      const id = positionals[0] ?? "";
      await removeAnnouncement(id);
      entry.target = { type: "announcement", id };
      io.out(`Withdrew announcement ${id}.`);
      return true;
    }
    case "analytics:counts": {
      const { values } = parseCommand(args, { days: TEXT, json: FLAG }, 0);
      const rows = await analyticsCounts(typeof values.days === "string" ? Number(values.days) : COUNTS_DEFAULT_DAYS);
      if (values.json) io.out(JSON.stringify(rows));
      else if (rows.length === 0) io.out("No analytics events received.");
      else io.out(table(["day", "event", "count"], rows.map((row) => [row.day, row.event, String(row.count)])));
      return true;
    }
    default:
      return false;
  }
}
