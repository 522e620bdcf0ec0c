import { codeHint, type CommandAudit } from "./cli-audit";
import { CliError } from "./commands";
import { createBatch, exportBatch, listBatches, lookupCode, revokeCode, validityFrom, type ExportedCode } from "./exchange";
import { setSafetyDevices } from "./safety";
import type { CliIo } from "./io";
import { table } from "./table";
import { parseCommand, requiredOption, UsageError } from "./usage";

/** The CLI of the redemption-code and safety-training commands (run.ts hands over what it does not know). */
export const EXCHANGE_USAGE = `  exchange:create --benefit NAME --benefit-zh NAME --count N
                  (--valid-until YYYY-MM-DD | --valid-days N) [--benefit-days N] [--csv]
                      Create a batch of redemption codes for a benefit (it runs
                      --benefit-days from redemption, default 365). --csv prints
                      only the codes as CSV (code,batch,benefit,valid_until).
  exchange:export BATCH_ID
                      Print a batch as CSV: code,status,redeemed_at,redeemed_by.
  exchange:batches    List the batches.
  exchange:revoke CODE
                      Revoke an unused code (it then answers like any invalid code).
  exchange:lookup CODE
                      Show a code's batch, status and who redeemed it.
  safety:devices EMAIL [--laser on|off] [--printer on|off]
                      Say which devices a user has (shows the training for them).`;

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csv(rows: string[][]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\n");
}

function onOff(value: string | boolean | undefined, flag: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === "on" || value === "off") return value === "on";
  throw new UsageError(`--${flag} must be on or off.`);
}

function positional(args: string[], what: string): string {
  const value = parseCommand(args, {}, 1).positionals[0];
  if (!value) throw new UsageError(`Missing ${what}.`);
  return value;
}

const day = (date: Date | null) => (date ? date.toISOString() : "");

/** Runs the command if it is one of these; false when it is not. */
export async function dispatchExchange(command: string, args: string[], io: CliIo, entry: CommandAudit): Promise<boolean> {
  switch (command) {
    case "exchange:create": {
      const options = { benefit: { type: "string" }, "benefit-zh": { type: "string" }, count: { type: "string" }, "valid-until": { type: "string" }, "valid-days": { type: "string" }, "benefit-days": { type: "string" }, csv: { type: "boolean" } } as const;
      const { values } = parseCommand(args, options, 0);
      const validUntil = validityFrom({ until: values["valid-until"], days: values["valid-days"] });
      const { batch, codes } = await createBatch({
        benefitEn: requiredOption(values.benefit, "benefit"),
        benefitZh: requiredOption(values["benefit-zh"], "benefit-zh"),
        count: Number(requiredOption(values.count, "count")),
        benefitDays: values["benefit-days"] === undefined ? 365 : Number(values["benefit-days"]),
        validUntil,
      });
      entry.target = { type: "code-batch", id: batch.id };
      Object.assign(entry.attempted, { size: codes.length, benefit: batch.benefitEn, validUntil: validUntil.toISOString() });
      if (validUntil <= new Date()) io.err(`Warning: these codes expired on ${validUntil.toISOString()} and cannot be redeemed.`);
      if (values.csv) {
        io.out(csv([["code", "batch", "benefit", "valid_until"], ...codes.map((code) => [code, batch.id, batch.benefitEn, validUntil.toISOString()])]));
        return true;
      }
      io.out(`Created batch ${batch.id}: ${codes.length} code(s) for "${batch.benefitEn}" / "${batch.benefitZh}", valid until ${validUntil.toISOString()}, benefit ${batch.benefitDays} day(s).`);
      io.out(codes.join("\n"));
      return true;
    }
    case "exchange:export": {
      const { batch, codes } = await exportBatch(positional(args, "BATCH_ID"));
      entry.target = { type: "code-batch", id: batch.id };
      entry.attempted.size = codes.length;
      io.out(csv([["code", "status", "redeemed_at", "redeemed_by"], ...codes.map((row: ExportedCode) => [row.code, row.status, day(row.redeemedAt), row.redeemedBy ?? ""])]));
      return true;
    }
    case "exchange:batches": {
      parseCommand(args, {}, 0);
      const batches = await listBatches();
      if (batches.length === 0) io.out("No batches.");
      else io.out(table(["batch", "benefit", "codes", "valid until", "benefit days", "created"], batches.map((b) => [b.id, b.benefitEn, String(b.size), day(b.validUntil), String(b.benefitDays), day(b.createdAt)])));
      return true;
    }
    case "exchange:revoke": {
      const code = positional(args, "CODE");
      entry.attempted.hint = codeHint(code);
      const { revoked, status, batchId } = await revokeCode(code);
      entry.target = { type: "code-batch", id: batchId };
      Object.assign(entry.attempted, { revoked, state: status });
      if (!revoked) throw new CliError(`The code is ${status}; only an unused code can be revoked.`);
      io.out("Revoked.");
      return true;
    }
    case "exchange:lookup": {
      const code = positional(args, "CODE");
      entry.attempted.hint = codeHint(code);
      const found = await lookupCode(code);
      entry.target = { type: "code-batch", id: found.batchId };
      entry.attempted.state = found.status;
      io.out(
        table(
          ["field", "value"],
          [
            ["batch", found.batchId],
            ["benefit", found.benefit],
            ["status", found.status],
            ["valid until", day(found.validUntil)],
            ["redeemed at", day(found.redeemedAt)],
            ["redeemed by", found.redeemedBy ?? ""],
            ["benefit ends", day(found.expireAt)],
            ["revoked at", day(found.revokedAt)],
          ],
        ),
      );
      return true;
    }
    case "safety:devices": {
      const { values, positionals } = parseCommand(args, { laser: { type: "string" }, printer: { type: "string" } }, 1);
      const result = await setSafetyDevices(positionals[0] ?? "", { laser: onOff(values.laser, "laser"), printer: onOff(values.printer, "printer") });
      Object.assign(entry.attempted, { email: result.email, laser: result.isHave, printer: result.printIsHave });
      io.out(`${result.email}: laser ${result.isHave ? "yes" : "no"}, printer ${result.printIsHave ? "yes" : "no"}.`);
      return true;
    }
    default:
      return false;
  }
}
