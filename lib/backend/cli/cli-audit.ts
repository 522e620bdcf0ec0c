import { CLI_WRITE_COMMANDS } from "@/lib/contract/console/audit";
import { reasonField } from "@/lib/contract/console/session";
import type { AuditedEntry, Refusal } from "../services/console/audited";
import { CliError } from "./commands";
import { UsageError } from "./usage";

/**
 * The command line in the audit log, as the console's actions are (services/console/audited.ts,
 * docs/operators.md): the action `cli:<command>`, its target, the reason (required for every
 * command that changes something), the address it came from, and what it did; never its raw
 * arguments, so never a secret: a redemption code is named by its batch and its last four
 * characters. A command fills in its entry as it learns the target.
 */
export type CommandAudit = AuditedEntry & { attempted: Record<string, unknown> };

/** Commands that change something: each needs --reason. The others only read. */
const WRITES: ReadonlySet<string> = new Set(CLI_WRITE_COMMANDS);

const REASON = "--reason";

/** Takes `--reason TEXT` (or `--reason=TEXT`), an option of every command, out of the arguments. */
function takeReason(args: readonly string[]): { reason: string | null; rest: string[] } {
  const rest: string[] = [];
  let given: string | null = null;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? "";
    if (arg !== REASON && !arg.startsWith(`${REASON}=`)) {
      rest.push(arg);
      continue;
    }
    if (given !== null) throw new UsageError("Give --reason once.");
    given = arg === REASON ? (args[++index] ?? "") : arg.slice(REASON.length + 1);
  }
  if (given === null) return { reason: null, rest };
  const reason = reasonField.safeParse(given);
  if (!reason.success) throw new UsageError("--reason must say why, in 3–500 characters.");
  return { reason: reason.data, rest };
}

/** The command's audit entry and its arguments without the reason; a change without a reason is refused. */
export function commandAudit(command: string, args: readonly string[]): { entry: CommandAudit; args: string[] } {
  const { reason, rest } = takeReason(args);
  // a dry run of an import writes nothing
  const dryRun = command === "users:import" && rest.includes("--dry-run");
  if (reason === null && WRITES.has(command) && !dryRun) {
    throw new UsageError(`${command} changes data: say why with --reason TEXT (3–500 characters). The reason is written to the audit log.`);
  }
  return { entry: { action: `cli:${command}`, target: null, reason, attempted: {} }, args: rest };
}

/** A refusal the operator reads (CliError) is audited as failed with its message. */
export const commandRefusal: Refusal = (error) => (error instanceof CliError ? { why: error.message } : null);

/** A redemption code as the audit log names it: its last four characters, never the code. */
export function codeHint(code: string): string {
  return `…${code.trim().slice(-4).toUpperCase()}`;
}
