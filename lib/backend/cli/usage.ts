import { parseArgs } from "node:util";

/** Bad usage of an operator command: the CLI prints the message and the help, and exits with 2. */
export class UsageError extends Error {}

/** Parses a command's options and checks the number of positional arguments. */
export function parseCommand<T extends Record<string, { type: "string" | "boolean" }>>(args: string[], options: T, positionals: number) {
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

export function requiredOption(value: string | boolean | undefined, flag: string): string {
  if (typeof value !== "string" || !value.trim()) throw new UsageError(`Missing --${flag}.`);
  return value;
}
