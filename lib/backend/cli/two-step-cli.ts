import type { CommandAudit } from "./cli-audit";
import type { CliIo } from "./io";
import { table } from "./table";
import { resetTwoStep, waysIn } from "./two-step-commands";
import { parseCommand, UsageError } from "./usage";

/** The help lines of the two-step commands (part of run.ts's USAGE). */
export const TWO_STEP_USAGE = `  user:ways-in EMAIL  How the account signs in: password, social accounts, two-step and
                      the recovery codes left, device security. Never a secret.
  user:reset-two-step EMAIL --reason TEXT
                      Turn the account's two-step off (secret and recovery codes deleted,
                      every session ended); the reason is written to the services' log.`;

function email(positionals: string[]): string {
  const value = positionals[0];
  if (!value) throw new UsageError("Missing EMAIL.");
  return value;
}

/** Runs a two-step command; false when `command` is not one of them. */
export async function dispatchTwoStep(command: string, args: string[], io: CliIo, entry: CommandAudit): Promise<boolean> {
  if (command === "user:ways-in") {
    const { positionals } = parseCommand(args, {}, 1);
    const ways = await waysIn(email(positionals));
    entry.target = { type: "user", id: ways.id };
    const twoStep = ways.twoStep.enabled ? `on since ${ways.twoStep.since ?? "?"}, ${ways.twoStep.recoveryCodesLeft} recovery codes left` : "off";
    io.out(
      table(
        ["way in", "state"],
        [
          ["account", `${ways.email}${ways.enterprise ? " (enterprise user)" : ""}`],
          ["password", ways.password ? "set" : "not set"],
          ["social", ways.social.length > 0 ? ways.social.join(", ") : "none"],
          ["two-step", twoStep],
          ["device security", ways.deviceSecurity ? "on" : "off"],
        ],
      ),
    );
    return true;
  }
  if (command === "user:reset-two-step") {
    const { positionals } = parseCommand(args, {}, 1);
    // run.ts took --reason (required for this command) out of the arguments
    const { id, email: who, wasOn } = await resetTwoStep(email(positionals), entry.reason ?? "");
    entry.target = { type: "user", id };
    entry.attempted.wasOn = wasOn;
    io.out(wasOn ? `Two-step is now off for ${who}; every session ended. The reason is logged.` : `Two-step was not on for ${who}; nothing changed. The request is logged.`);
    return true;
  }
  return false;
}
