import { ErrorCode } from "@/lib/contract/errors";
import {
  CliError,
  banIp,
  bannedIps,
  createEnterprise,
  FAILURES_DEFAULT_LIMIT,
  pruneNow,
  recentFailures,
  setUserStatus,
  unbanIp,
} from "./commands";
import { dispatchExchange, EXCHANGE_USAGE } from "./exchange-cli";
import type { CliIo } from "./io";
import { table } from "./table";
import { parseCommand, requiredOption, UsageError } from "./usage";
import { runMessageCommand, MESSAGE_USAGE } from "./message-cli";
import { OPERATOR_USAGE, runOperatorCommand } from "./operator-cli";
import { cliActor } from "../services/console/audit";
import { audited } from "../services/console/audited";
import { commandAudit, commandRefusal, type CommandAudit } from "./cli-audit";
import { dispatchTwoStep, TWO_STEP_USAGE } from "./two-step-cli";
import { CLIENT_USAGE, dispatchClient } from "./client-cli";
import { dispatchUserTransfer, USER_TRANSFER_USAGE } from "./users-transfer-cli";
import { BULK_COMMAND, BULK_USAGE, followBulkJob, runBulkCommand } from "./bulk-cli";

/**
 * `npm run cli -- <command>`: parses the arguments, runs a command of commands.ts and
 * prints its result. Returns the exit code: 0 done, 1 refused (e.g. no such account),
 * 2 bad usage. Kept apart from cli.ts so tests can run it without starting a process.
 */
export type { CliIo } from "./io";

export const USAGE = `Usage: npm run cli -- <command> [options]

Operator commands of the passport services. They work on the database of DATA_DIR
or DATABASE_URL. With the embedded database (no DATABASE_URL) only one process may
open it: while the portal runs, a command goes through the running portal, which
runs it and hands back its output.

Commands:
  enterprise:create --account ID --email EMAIL --name NAME [--json]
                      Create an enterprise and its user. Prints the generated default
                      password once; --json prints only {"account","email","name","password"}.
  user:restrict EMAIL Refuse sign-in to the account (code 20103).
  user:ban EMAIL      Refuse sign-in (code 20105) and end every session of the account.
  user:unban EMAIL    Lift a ban or restriction.
  ip:ban IP|CIDR      Refuse sign-in, register and code requests from an address or range (20104).
  ip:unban IP|CIDR    Lift that ban (exactly as it was listed).
  ip:list             List banned addresses and ranges.
  failures [--limit N]
                      Recent failed sign-ins, newest first (default ${FAILURES_DEFAULT_LIMIT}).
  prune               Delete expired nonces, codes, tickets and challenges, old sign-in
                      failures and old outbox mail now (the services also do it every
                      PRUNE_INTERVAL_SECONDS, default 600).
${TWO_STEP_USAGE}
${EXCHANGE_USAGE}
${MESSAGE_USAGE}
${OPERATOR_USAGE}
${CLIENT_USAGE}
${USER_TRANSFER_USAGE}
${BULK_USAGE}

Options:
  --reason TEXT       Why (3–500 characters), written to the audit log with the command,
                      its target and where it came from (never its arguments). Required
                      for every command that changes something.
  -h, --help          Show this help.`;

const REASONS = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));


function one(args: string[], what: string): string {
  const { positionals } = parseCommand(args, {}, 1);
  const value = positionals[0];
  if (!value) throw new UsageError(`Missing ${what}.`);
  return value;
}

async function dispatch(command: string, args: string[], io: CliIo, entry: CommandAudit): Promise<void> {
  switch (command) {
    case "enterprise:create": {
      const { values } = parseCommand(args, { account: { type: "string" }, email: { type: "string" }, name: { type: "string" }, json: { type: "boolean" } }, 0);
      const { id, ...created } = await createEnterprise({
        account: requiredOption(values.account, "account"),
        email: requiredOption(values.email, "email"),
        name: requiredOption(values.name, "name"),
      });
      entry.target = { type: "enterprise", id };
      Object.assign(entry.attempted, { account: created.account, email: created.email });
      if (values.json) {
        io.out(JSON.stringify(created));
        return;
      }
      io.out(`Created enterprise ${created.account} (${created.name}) and its user ${created.email}.`);
      io.out(`Default password: ${created.password}`);
      io.out("It is shown only this once; the user is asked to change it after signing in.");
      return;
    }
    case "user:restrict":
    case "user:ban":
    case "user:unban": {
      const status = command === "user:restrict" ? "restricted" : command === "user:ban" ? "banned" : "active";
      const { id, email, previous } = await setUserStatus(one(args, "EMAIL"), status);
      entry.target = { type: "user", id };
      Object.assign(entry.attempted, { email, from: previous, to: status });
      const what = { restricted: "restricted: sign-in refused", banned: "banned: sign-in refused, sessions ended", active: "active: may sign in" }[status];
      io.out(`${email} is now ${what} (was ${previous}).`);
      return;
    }
    case "ip:ban": {
      const { network, added } = await banIp(one(args, "IP"));
      entry.target = { type: "ip", id: network };
      entry.attempted.added = added;
      io.out(added ? `Banned ${network}.` : `${network} was banned already.`);
      return;
    }
    case "ip:unban": {
      const { network, removed } = await unbanIp(one(args, "IP"));
      entry.target = { type: "ip", id: network };
      if (!removed) throw new CliError(`${network} is not on the ban list (see ip:list).`);
      io.out(`Lifted the ban on ${network}.`);
      return;
    }
    case "ip:list": {
      parseCommand(args, {}, 0);
      const bans = await bannedIps();
      if (bans.length === 0) io.out("No banned addresses.");
      else io.out(table(["banned", "since"], bans.map((ban) => [ban.network, ban.createdAt.toISOString()])));
      return;
    }
    case "failures": {
      const { values } = parseCommand(args, { limit: { type: "string" } }, 0);
      const limit = values.limit === undefined ? FAILURES_DEFAULT_LIMIT : Number(values.limit);
      const rows = await recentFailures(limit);
      if (rows.length === 0) io.out("No failed sign-ins recorded.");
      else {
        io.out(
          table(
            ["time", "email", "ip", "method", "reason"],
            rows.map((row) => [row.createdAt.toISOString(), row.email, row.ip ?? "-", row.method, `${row.reason} ${REASONS.get(row.reason) ?? ""}`.trim()]),
          ),
        );
      }
      return;
    }
    case "prune": {
      parseCommand(args, {}, 0);
      const counts = await pruneNow();
      entry.attempted.removed = counts;
      io.out(table(["removed", "from"], Object.entries(counts).map(([name, n]) => [String(n), name])));
      return;
    }
    default:
      if (await dispatchExchange(command, args, io, entry)) return;
      if (await runMessageCommand(command, args, io, entry)) return;
      if (await runOperatorCommand(command, args, io, entry)) return;
      if (await dispatchTwoStep(command, args, io, entry)) return;
      if (await dispatchClient(command, args, io, entry)) return;
      if (await dispatchUserTransfer(command, args, io, entry)) return;
      throw new UsageError(`Unknown command: ${command}`);
  }
}

/**
 * Runs one command as `caller` (the address it came from: the portal's own loopback address
 * when the command came through the running portal, none when it runs here directly), audited
 * as every operator action is (cli/cli-audit.ts): a bad usage is refused before anything runs.
 */
export async function runCli(argv: string[], io: CliIo, caller: { ip: string | null } = { ip: null }): Promise<number> {
  const [command, ...given] = argv;
  if (!command || command === "help" || command === "-h" || command === "--help" || given.includes("--help") || given.includes("-h")) {
    (command ? io.out : io.err)(USAGE);
    return command ? 0 : 2;
  }
  try {
    const { entry, args } = commandAudit(command, given);
    if (command === BULK_COMMAND) {
      // the job is made (and audited) in the command's transaction, then worked and followed after it commits
      const job = await audited(cliActor(caller.ip), entry, async () => ({ result: await runBulkCommand(args, entry) }), commandRefusal);
      io.out(`Bulk job ${job.id}: ${String(entry.attempted.count)} account(s).`);
      if (!job.detach) await followBulkJob(job.id, io);
      return 0;
    }
    await audited(cliActor(caller.ip), entry, async () => ({ result: await dispatch(command, args, io, entry) }), commandRefusal);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof CliError) {
      io.err(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
