import fs from "node:fs";
import path from "node:path";
import { randomToken, sameSecret } from "../crypto";
import { getConfig } from "../config";
import { peekSingleton, singleton } from "../singleton";

/**
 * The command line through the running portal (docs/operators.md). With the embedded database
 * one process may open it; while the portal holds it, `npm run cli` cannot. So the portal,
 * at start, writes DATA_DIR/cli-channel.json (mode 0600: only the owner of the data directory, who
 * could open the database itself, can read it) with a fresh random token and its own loopback
 * address; the CLI sends its arguments there (POST /v1/cli, loopback callers only) and the
 * portal runs the same command in its process. A new start writes a new token.
 */
export const CHANNEL_FILE = "cli-channel.json";
const NAME = "adminCliToken";

export type Channel = { url: string; token: string };
/** What this process keeps of the channel it opened: the token, and the address the CLI comes from. */
type Opened = { token: string; address: string };

export function channelFile(dataDir = getConfig().dataDir): string {
  return path.join(dataDir, CHANNEL_FILE);
}

/** Called by the portal's server once it listens, when the services (and so the database) are its own. */
export function openCliChannel(address: { address: string; family: string; port: number }): void {
  const config = getConfig();
  if (config.databaseUrl) return; // with PostgreSQL the CLI works directly, alongside the portal
  const wildcard = address.address === "::" || address.address === "0.0.0.0";
  // the CLI connects to this address, so on this machine its connection comes from it too
  const own = wildcard ? "127.0.0.1" : address.address;
  const { token } = singleton<Opened>(NAME, () => ({ token: randomToken(32), address: own }));
  const host = address.family === "IPv6" && !wildcard ? `[${own}]` : own;
  const file = channelFile(config.dataDir);
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `${JSON.stringify({ url: `http://${host}:${address.port}`, token } satisfies Channel)}\n`, { mode: 0o600, flag: "wx" });
}

/** True for the token this process wrote (constant time); false when it wrote none. */
export function isCliToken(presented: string | undefined): boolean {
  const opened = peekSingleton<Opened>(NAME);
  return opened !== undefined && presented !== undefined && sameSecret(presented, opened.token);
}

/** The address the channel's callers come from (this server's own), or null when none is open. */
export function cliChannelAddress(): string | null {
  return peekSingleton<Opened>(NAME)?.address ?? null;
}

/** What the CLI finds in DATA_DIR, or null. */
export function readChannel(dataDir: string): Channel | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(dataDir, CHANNEL_FILE), "utf8")) as Partial<Channel>;
    return typeof parsed.url === "string" && typeof parsed.token === "string" ? { url: parsed.url, token: parsed.token } : null;
  } catch {
    return null;
  }
}
