import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * The reference app's registration with the provider, kept in a small JSON file. `npm run refapp`
 * registers the app once with the operator command (`npm run cli -- client:create`, which
 * reaches a running portal's database too) and reuses the file afterwards; the file lives in the
 * portal's data directory by default, so a fresh database means a fresh registration. The e2e
 * setup writes the same file itself (tests/e2e/support/seed.ts).
 */
export const clientFileSchema = z.object({
  issuer: z.string(),
  redirectUri: z.string(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
export type ClientFile = z.infer<typeof clientFileSchema>;

export function readClientFile(file: string): ClientFile | null {
  if (!existsSync(file)) return null;
  const parsed = clientFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  return parsed.success ? parsed.data : null;
}

export function writeClientFile(file: string, client: ClientFile): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(client, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // the client secret is in it
}

/** The operator command an app team would run, printed when this cannot run it. */
export function createCommand(origin: string): string[] {
  return [
    "client:create",
    "--name",
    "Reference app",
    "--kind",
    "client_secret_basic",
    "--redirect-uri",
    `${origin}/callback`,
    "--post-logout-uri",
    `${origin}/`,
    "--backchannel-logout-uri",
    `${origin}/backchannel-logout`,
    "--reason",
    "reference app for local development (npm run refapp)",
    "--json",
  ];
}

const created = z.object({ clientId: z.string().min(1), secret: z.string().min(1) });

/** Registers the app with `npm run cli -- client:create` (the same Node, the same tsx). */
export function registerWithCliCommand(issuer: string, origin: string): ClientFile {
  const args = createCommand(origin);
  const run = spawnSync(process.execPath, ["--import", "tsx", "lib/backend/cli/cli.ts", ...args], { encoding: "utf8", env: process.env });
  const line = run.stdout.split("\n").find((text) => text.startsWith("{"));
  const parsed = run.status === 0 && line ? created.safeParse(JSON.parse(line)) : null;
  if (!parsed?.success) {
    const shown = args.map((arg) => (/\s/.test(arg) ? JSON.stringify(arg) : arg)).join(" ");
    throw new Error(`could not register the reference app:\n${run.stderr.trim()}\nRegister it yourself with\n  npm run cli -- ${shown}\nthen start it with --client-id and --client-secret.`);
  }
  return { issuer, redirectUri: `${origin}/callback`, clientId: parsed.data.clientId, clientSecret: parsed.data.secret };
}
