import { readFile } from "node:fs/promises";
import { BULK_KINDS, isActiveBulkStatus, type BulkKind, type BulkSelection } from "@/lib/contract/console/bulk";
import { USER_SEARCH_FIELDS, USER_STATUSES, userSearchQuery } from "@/lib/contract/console/users";
import { cliActor } from "../services/console/audit";
import { createBulkJob, readBulkJob } from "../services/console/bulk-jobs";
import { runBulkJob, runnerName } from "../services/console/bulk-runner";
import { ConsoleError } from "../services/console/input";
import type { CommandAudit } from "./cli-audit";
import { CliError } from "./commands";
import type { CliIo } from "./io";
import { parseCommand, UsageError } from "./usage";

/** `users:bulk` (docs/operators.md "Bulk jobs"): the console's bulk job, without its 10 000 limit. */
export const BULK_USAGE = `  users:bulk ${BULK_KINDS.join("|")} (--ids FILE | --search TEXT [--by ${USER_SEARCH_FIELDS.join("|")}] [--status ${USER_STATUSES.join("|")}])
             [--app CODE --category C --title-en T --body-en B --title-zh T --body-zh B] [--detach]
                      One bulk job over the accounts of FILE (one user id a line) or of a
                      search, frozen now: end sessions, ban, unban or send a message. Follows
                      its progress until it ends (--detach: leaves it to the running instances).
                      No limit on the number of accounts here (the console's is 10 000).`;

const TEXT = { type: "string" } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const BULK_COMMAND = "users:bulk";

const REFUSALS: Partial<Record<string, string>> = {
  bulkEmpty: "No account matches: nothing to do.",
  badApp: "--app must be an app code (letters, digits, - and _).",
  badCategory: "--category must be one of device, system, app, activity.",
  badTexts: "A message needs --title-en, --body-en, --title-zh and --body-zh within the message limits.",
};

/** The ids of FILE, one a line (users:bulk and users:export). */
export async function idsOf(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new CliError(`Cannot read ${file}.`);
  }
  const lines = text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const bad = lines.findIndex((line) => !UUID.test(line));
  if (bad >= 0) throw new CliError(`${file}, line ${bad + 1}: not a user id. Nothing was done.`);
  return lines;
}

/** Makes the job (inside the command's audited run: its audit row is the job's); runCli then follows it. */
export async function runBulkCommand(args: string[], entry: CommandAudit): Promise<{ id: string; detach: boolean }> {
  const options = { ids: TEXT, search: TEXT, by: TEXT, status: TEXT, app: TEXT, category: TEXT, "title-en": TEXT, "body-en": TEXT, "title-zh": TEXT, "body-zh": TEXT, detach: { type: "boolean" } } as const;
  const { values, positionals } = parseCommand(args, options, 1);
  const kind = BULK_KINDS.find((item) => item === positionals[0]);
  if (!kind) throw new UsageError(`The kind must be one of ${BULK_KINDS.join(", ")}.`);
  if ((values.ids === undefined) === (values.search === undefined)) throw new UsageError("Give either --ids FILE or --search TEXT.");
  let selection: BulkSelection;
  if (values.ids !== undefined) selection = { ids: await idsOf(values.ids) };
  else {
    const search = userSearchQuery.safeParse({ q: values.search, by: values.by, status: values.status });
    if (!search.success) throw new UsageError(`Check --search, --by (${USER_SEARCH_FIELDS.join(", ")}) and --status (${USER_STATUSES.join(", ")}).`);
    selection = { search: search.data };
  }
  const message = kind === "message" ? { appCode: values.app ?? "", category: values.category ?? "", texts: { en: { title: values["title-en"] ?? "", body: values["body-en"] ?? "" }, zh: { title: values["title-zh"] ?? "", body: values["body-zh"] ?? "" } } } : undefined;
  try {
    const job = await createBulkJob({ kind: kind satisfies BulkKind, selection, reason: entry.reason ?? "", message, who: cliActor(null), limit: null });
    entry.target = { type: "bulk-job", id: job.id };
    Object.assign(entry.attempted, { kind, count: job.total, selection: "ids" in selection ? "ids" : "search" });
    return { id: job.id, detach: values.detach === true };
  } catch (error) {
    if (error instanceof ConsoleError) throw new CliError(REFUSALS[error.key] ?? `Refused: ${error.key}.`);
    throw error;
  }
}

/** Works the job here (another instance may hold it: then waits for it) and prints its progress until it ends. */
export async function followBulkJob(id: string, io: CliIo, waitMs = 1000): Promise<void> {
  const owner = runnerName();
  const print = async () => {
    const job = await readBulkJob(id);
    if (job) io.out(`${job.status}: ${job.done + job.failed} of ${job.total} (${job.done} done, ${job.failed} failed)`);
    return job;
  };
  for (;;) {
    await runBulkJob(owner, { only: id, onBatch: async () => void (await print()) });
    const job = await print();
    if (!job || !isActiveBulkStatus(job.status)) return;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
