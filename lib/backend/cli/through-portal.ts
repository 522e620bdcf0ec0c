import type { DataDirInUseError } from "../db/dir-lock";
import { readChannel } from "./portal-channel";

/**
 * `npm run cli` while the portal holds the embedded database: the command goes to the portal
 * (cli/portal-channel.ts) and its output comes back as if it had run here. When the portal
 * left no way in (an older build, another user's data directory), the refusal says how to do it
 * instead: in the console, or with the portal stopped.
 */
const CONSOLE_HINT = (error: DataDirInUseError) =>
  `Error: ${error.message}\nThe running portal did not leave a way for the command line in ${error.dataDir} (cli-channel.json). ` +
  "Do this in the operator console at /{lang}/console (e.g. http://127.0.0.1:3000/en/console), or stop the portal and run the command again.";

export async function throughPortal(argv: string[], error: DataDirInUseError): Promise<number> {
  const channel = readChannel(error.dataDir);
  if (!channel) {
    process.stderr.write(`${CONSOLE_HINT(error)}\n`);
    return 1;
  }
  let response: Response;
  try {
    response = await fetch(`${channel.url}/v1/cli`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-cli-token": channel.token },
      body: JSON.stringify({ argv }),
      signal: AbortSignal.timeout(120_000),
    });
  } catch {
    process.stderr.write(`${CONSOLE_HINT(error)}\n(${channel.url} did not answer.)\n`);
    return 1;
  }
  const body = (await response.json().catch(() => null)) as { code?: number; data?: { exitCode: number; out: string[]; err: string[] } } | null;
  if (!response.ok || body?.code !== 0 || !body.data) {
    process.stderr.write(`${CONSOLE_HINT(error)}\n(The portal refused the command line: HTTP ${response.status}.)\n`);
    return 1;
  }
  for (const line of body.data.out) process.stdout.write(`${line}\n`);
  for (const line of body.data.err) process.stderr.write(`${line}\n`);
  return body.data.exitCode;
}
