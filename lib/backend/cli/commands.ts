import { eq } from "drizzle-orm";
import type { CreatedEnterprise } from "@/lib/contract/console/screens";
import { canonicalEmail, emailField } from "@/lib/contract/fields";
import { now } from "../clock";
import { getDb } from "../db/client";
import { users } from "../db/schema";
import { pruneAll } from "../maintenance/pruners";
import { ConsoleError } from "../services/console/input";
import * as enterprises from "../services/enterprises";
import { listRecentFailures, type SignInFailure } from "../services/failures";
import { addIpBan, listIpBans, parseNetwork, removeIpBan, type IpBan } from "../services/ipbans";
import { checkBanNetwork, MIN_PREFIX } from "../services/ban-rules";
import { changeUserStatus } from "../services/user-status";
import type { UserStatus } from "../services/users";

/**
 * What the operator commands do, as functions (the CLI in cli.ts parses and prints; tests
 * call these directly). They work on the database of DATA_DIR / DATABASE_URL. A refusal the
 * operator should read is an CliError.
 */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CliError";
  }
}

function validEmail(value: string): string {
  const parsed = emailField.safeParse(value);
  if (!parsed.success) throw new CliError(`Not an email address: ${JSON.stringify(value)}`);
  return canonicalEmail(parsed.data);
}

/** What the terminal says for a refused enterprise, by the field the refusal names. */
function enterpriseRefusal(error: ConsoleError, input: { account: string; email: string }): string {
  if (error.key === "accountTaken") return `The account ID ${input.account.trim()} is taken.`;
  if (error.key === "emailTaken") return `${canonicalEmail(input.email.trim())} already has an account.`;
  if (error.field === "account") return "The account ID must be 1–64 characters: letters, digits, '.', '_' or '-', starting with a letter or digit.";
  if (error.field === "email") return `Not an email address: ${JSON.stringify(input.email)}`;
  return "The enterprise name must be 1–200 characters.";
}

/** An enterprise and its user with a generated default password (services/enterprises.ts: the console's rules, worded for the terminal). */
export async function createEnterprise(input: { account: string; email: string; name: string }): Promise<CreatedEnterprise> {
  try {
    return await enterprises.createEnterprise(input);
  } catch (error) {
    if (error instanceof ConsoleError) throw new CliError(enterpriseRefusal(error, input));
    throw error;
  }
}

/**
 * Set a user's status. restricted: sign-in refused (20103); banned: sign-in refused (20105)
 * and every session ends at once; active: both lifted. Returns the previous status.
 */
export async function setUserStatus(emailInput: string, status: UserStatus): Promise<{ id: string; email: string; previous: UserStatus }> {
  const email = validEmail(emailInput);
  const db = await getDb();
  const [user] = await db.select({ id: users.id, status: users.status }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new CliError(`No account for ${email}.`);
  const { previous } = await changeUserStatus(user, status);
  return { id: user.id, email, previous };
}

function validNetwork(value: string): string {
  const network = parseNetwork(value);
  if (!network) throw new CliError(`Not an IP address or CIDR range: ${JSON.stringify(value)}`);
  return network;
}

/**
 * Ban an address or range; `added` is false when it was listed already. The console's rule
 * (services/ban-rules.ts) holds here too: a range too wide is refused and nothing changes.
 */
export async function banIp(value: string): Promise<{ network: string; added: boolean }> {
  const checked = checkBanNetwork(value);
  if (!checked.ok && checked.refusal === "badNetwork") throw new CliError(`Not an IP address or CIDR range: ${JSON.stringify(value)}`);
  if (!checked.ok) {
    throw new CliError(`${value} is too wide to ban: at most /${MIN_PREFIX[4]} for IPv4 and /${MIN_PREFIX[6]} for IPv6 (a wider range shuts out a large part of the internet). Nothing was changed.`);
  }
  return { network: checked.network, added: await addIpBan(checked.network) };
}

/** Lift a ban exactly as it was listed; `removed` is false when it was not listed. */
export async function unbanIp(value: string): Promise<{ network: string; removed: boolean }> {
  const network = validNetwork(value);
  return { network, removed: await removeIpBan(network) };
}

export async function bannedIps(): Promise<IpBan[]> {
  return listIpBans();
}

export const FAILURES_DEFAULT_LIMIT = 20;
export const FAILURES_MAX_LIMIT = 1000;

export async function recentFailures(limit = FAILURES_DEFAULT_LIMIT): Promise<SignInFailure[]> {
  if (!Number.isInteger(limit) || limit < 1 || limit > FAILURES_MAX_LIMIT) {
    throw new CliError(`--limit must be a whole number from 1 to ${FAILURES_MAX_LIMIT}.`);
  }
  return listRecentFailures(limit);
}

/** Delete stale rows and files now, as the periodic run does; how many went, by table. */
export async function pruneNow(): Promise<Record<string, number>> {
  return pruneAll(await getDb(), now());
}
