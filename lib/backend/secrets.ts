import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { now } from "./clock";
import { getConfig } from "./config";
import { hmacHex, randomToken } from "./crypto";
import { getDb } from "./db/client";
import { serverSecrets } from "./db/schema";
import { clearSingleton, peekSingleton, singleton } from "./singleton";

/**
 * The HMAC key for verification codes: CODE_SECRET when set; otherwise generated once and
 * kept in DATA_DIR/secret (embedded database) or in the server_secrets table (DATABASE_URL,
 * where instances may share no disk), so restarts and other instances keep working.
 */
const NAME = "codeSecret";
const DB_KEY = "code_secret";

function decode(value: string): Buffer {
  return Buffer.from(value.trim(), "utf8");
}

function readFile(file: string): Buffer | null {
  try {
    const value = fs.readFileSync(file, "utf8").trim();
    return value ? decode(value) : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function fromFile(dataDir: string): Buffer {
  const file = path.join(dataDir, "secret");
  const existing = readFile(file);
  if (existing) return existing;
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomToken(32)}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    // another process wrote it first: use theirs
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const written = readFile(file);
  if (!written) throw new Error(`Could not create the secret in ${file}`);
  return written;
}

async function fromDatabase(): Promise<Buffer> {
  const db = await getDb();
  await db
    .insert(serverSecrets)
    .values({ name: DB_KEY, value: randomToken(32), createdAt: now() })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, DB_KEY));
  if (!row) throw new Error("Could not create the code secret");
  return decode(row.value);
}

async function load(): Promise<Buffer> {
  const config = getConfig();
  if (config.codeSecret) return decode(config.codeSecret);
  return config.databaseUrl ? fromDatabase() : fromFile(config.dataDir);
}

export function getCodeSecret(): Promise<Buffer> {
  const pending = singleton(NAME, load);
  pending.catch(() => {
    if (peekSingleton(NAME) === pending) clearSingleton(NAME);
  });
  return pending;
}

/**
 * A secret for one purpose (e.g. "altcha-challenge"), derived from the persisted secret, so
 * each use has its own key and nothing new has to be stored or shared between instances.
 */
export async function deriveSecret(purpose: string): Promise<string> {
  return hmacHex(await getCodeSecret(), `passport/derived/${purpose}`);
}

/** Forget the cached secret; the next use loads it again. */
export function resetCodeSecret(): void {
  clearSingleton(NAME);
}

/**
 * Which secret the instances use, without revealing it: an HMAC of a fixed text under it. Each
 * instance records it at start; an operator command compares its own before it writes what
 * only the instances' secret can read (an operator's sealed authenticator), so a command run
 * without the instances' CODE_SECRET is refused up front instead of making an operator who can
 * never sign in.
 */
const FINGERPRINT_KEY = "code_secret_fingerprint";

async function secretFingerprint(): Promise<string> {
  return hmacHex(await getCodeSecret(), "passport/fingerprint").slice(0, 32);
}

async function recordedFingerprint(): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, FINGERPRINT_KEY));
  return row?.value ?? null;
}

/** At an instance's start: records the secret in use; "changed" when the last start used another. */
export async function recordSecretFingerprint(): Promise<"first" | "same" | "changed"> {
  const mine = await secretFingerprint();
  const before = await recordedFingerprint();
  if (before === mine) return "same";
  const db = await getDb();
  await db
    .insert(serverSecrets)
    .values({ name: FINGERPRINT_KEY, value: mine, createdAt: now() })
    .onConflictDoUpdate({ target: serverSecrets.name, set: { value: mine, createdAt: now() } });
  return before === null ? "first" : "changed";
}

/** For operator commands: false when the instances last started with another secret than this process has. */
export async function sharesInstancesSecret(): Promise<boolean> {
  const recorded = await recordedFingerprint();
  return recorded === null || recorded === (await secretFingerprint());
}
