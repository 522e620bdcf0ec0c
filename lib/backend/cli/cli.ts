/**
 * `npm run cli -- <command>` (tsx): the operator commands. See run.ts for the commands and
 * README "Operator commands". Opens the database of DATA_DIR / DATABASE_URL, runs one
 * command, closes the database and exits with the command's code.
 */
import { DataDirInUseError } from "../db/dir-lock";
import { shutdownBackend } from "../lifecycle";
import { throughPortal } from "./through-portal";
import { runCli } from "./run";

async function main(): Promise<number> {
  try {
    return await runCli(process.argv.slice(2), {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (error) {
    // the portal holds the embedded database: the same command runs in the portal instead
    if (error instanceof DataDirInUseError) return throughPortal(process.argv.slice(2), error);
    process.stderr.write(`Error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  } finally {
    await shutdownBackend();
  }
}

void main().then((code) => {
  process.exitCode = code;
});
