import { parseArgs } from "node:util";
import { ErrorCode } from "@/lib/contract/errors";
import {
  AdminError,
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
import type { AdminIo } from "./io";
import { table } from "./table";
import { UsageError } from "./usage";
import { runMessageCommand, MESSAGE_USAGE } from "./message-cli";
import { OPERATOR_USAGE, runOperatorCommand } from "./operator-cli";
import { audit, CLI_ACTOR } from "../services/console/audit";
import { dispatchTwoStep, TWO_STEP_USAGE } from "./two-step-cli";
import { CLIENT_USAGE, dispatchClient } from "./client-cli";

/**
 * `npm run admin -- <command>`: parses the arguments, runs a command of commands.ts and
 * prints its result. Returns the exit code: 0 done, 1 refused (e.g. no such account),
 * 2 bad usage. Kept apart from cli.ts so tests can run it without starting a process.
 */
export type { AdminIo } from "./io";

export const USAGE = `Usage: npm run admin -- <command> [options]

Operator commands of the passport services. They work directly on the database
(DATA_DIR or DATABASE_URL). With the embedded database (no DATABASE_URL) stop the
portal first: one process at a time may open it.

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

Options:
  -h, --help          Show this help.`;

const REASONS = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));

function parse<T extends Record<string, { type: "string" | "boolean" }>>(args: string[], options: T, positionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length !== positionals) {
    throw new UsageError(positionals === 0 ? `Unexpected argument: ${parsed.positionals[0]}` : `Expected ${positionals} argument(s).`);
  }
  return parsed;
}

function one(args: string[], what: string): string {
  const { positionals } = parse(args, {}, 1);
  const value = positionals[0];
  if (!value) throw new UsageError(`Missing ${what}.`);
  return value;
}

function required(value: string | boolean | undefined, flag: string): string {
  if (typeof value !== "string" || !value.trim()) throw new UsageError(`Missing --${flag}.`);
  return value;
}

async function dispatch(command: string, args: string[], io: AdminIo): Promise<void> {
  switch (command) {
    case "enterprise:create": {
      const { values } = parse(args, { account: { type: "string" }, email: { type: "string" }, name: { type: "string" }, json: { type: "boolean" } }, 0);
      const created = await createEnterprise({
        account: required(values.account, "account"),
        email: required(values.email, "email"),
        name: required(values.name, "name"),
      });
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
      const { email, previous } = await setUserStatus(one(args, "EMAIL"), status);
      const what = { restricted: "restricted: sign-in refused", banned: "banned: sign-in refused, sessions ended", active: "active: may sign in" }[status];
      io.out(`${email} is now ${what} (was ${previous}).`);
      return;
    }
    case "ip:ban": {
      const { network, added } = await banIp(one(args, "IP"));
      io.out(added ? `Banned ${network}.` : `${network} was banned already.`);
      return;
    }
    case "ip:unban": {
      const { network, removed } = await unbanIp(one(args, "IP"));
      if (!removed) throw new AdminError(`${network} is not on the ban list (see ip:list).`);
      io.out(`Lifted the ban on ${network}.`);
      return;
    }
    case "ip:list": {
      parse(args, {}, 0);
      const bans = await bannedIps();
      if (bans.length === 0) io.out("No banned addresses.");
      else io.out(table(["banned", "since"], bans.map((ban) => [ban.network, ban.createdAt.toISOString()])));
      return;
    }
    case "failures": {
      const { values } = parse(args, { limit: { type: "string" } }, 0);
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
      parse(args, {}, 0);
      const counts = await pruneNow();
      io.out(table(["removed", "from"], Object.entries(counts).map(([name, n]) => [String(n), name])));
      return;
    }
    default:
      if (await dispatchExchange(command, args, io)) return;
      if (await runMessageCommand(command, args, io)) return;
      if (await runOperatorCommand(command, args, io)) return;
      if (await dispatchTwoStep(command, args, io)) return;
      if (await dispatchClient(command, args, io)) return;
      throw new UsageError(`Unknown command: ${command}`);
  }
}

export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === "help" || command === "-h" || command === "--help" || args.includes("--help") || args.includes("-h")) {
    (command ? io.out : io.err)(USAGE);
    return command ? 0 : 2;
  }
  try {
    await dispatch(command, args, io);
    await auditCommand(command, args, "ok");
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof AdminError) {
      await auditCommand(command, args, "failed", error.message);
      io.err(`Error: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/**
 * Every command that ran is in the audit log as the operator "cli" (docs/operators.md), with
 * its arguments: the commands take none that is secret (keys come from the environment).
 */
async function auditCommand(command: string, args: string[], outcome: "ok" | "failed", why?: string): Promise<void> {
  const shown = args.slice(0, 20).map((arg) => arg.slice(0, 200));
  await audit(CLI_ACTOR, `cli:${command}`, null, reasonGiven(args), outcome, why ? { args: shown, why } : { args: shown });
}

/** The operator's `--reason` (commands that change an account or a client ask for one), for the audit's reason column. */
function reasonGiven(args: string[]): string | null {
  const at = args.indexOf("--reason");
  const value = at === -1 ? args.find((arg) => arg.startsWith("--reason="))?.slice("--reason=".length) : args[at + 1];
  return value?.trim().slice(0, 500) || null;
}
