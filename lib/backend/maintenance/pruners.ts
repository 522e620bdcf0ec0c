import fs from "node:fs/promises";
import path from "node:path";
import { lt } from "drizzle-orm";
import { addSeconds } from "../clock";
import type { Db } from "../db/client";
import { accountEvents, analyticsEvents, deviceChallenges, emailNonces, passkeyChallenges, outboxMails, signInFailures, twoStepTickets, usedChallenges, verificationCodes, verificationTickets } from "../db/schema";
import { outboxDir } from "../mail/outbox-dir";
import { registeredPruners, type Pruner } from "./registry";

/**
 * What the services delete by themselves, and when. Nothing here is needed by a rule any more:
 * nonces, codes, tickets and challenges have expired (a day's grace for a look at a recent
 * problem), sign-in failures are past every window that counts them (the longest is 24 h) and
 * are kept 30 days for operators (`npm run cli -- failures`), the mail log 30 days, and the
 * outbox's mail files, which hold codes, 7 days; analytics events 400 days (a year's counts,
 * compared with the year before); the account's security events a year (the activity page's
 * reach, which reads the login log no further back).
 */
const DAY = 86_400;
export const KEEP = { spent: DAY, failures: 30 * DAY, mailLog: 30 * DAY, mailFiles: 7 * DAY, analytics: 400 * DAY, accountEvents: 365 * DAY } as const;

async function removed(query: Promise<Array<{ id: string }>>): Promise<number> {
  return (await query).length;
}

const BUILT_IN: Pruner[] = [
  {
    name: "analytics_events",
    prune: async (db, at) => (await db.delete(analyticsEvents).where(lt(analyticsEvents.receivedAt, addSeconds(at, -KEEP.analytics))).returning({ id: analyticsEvents.id })).length,
  },
  {
    name: "account_events",
    prune: (db, at) => removed(db.delete(accountEvents).where(lt(accountEvents.createdAt, addSeconds(at, -KEEP.accountEvents))).returning({ id: accountEvents.id })),
  },
  { name: "email_nonces", prune: (db, at) => removed(db.delete(emailNonces).where(lt(emailNonces.expiresAt, at)).returning({ id: emailNonces.id })) },
  {
    name: "verification_codes",
    prune: (db, at) => removed(db.delete(verificationCodes).where(lt(verificationCodes.expiresAt, addSeconds(at, -KEEP.spent))).returning({ id: verificationCodes.id })),
  },
  {
    name: "verification_tickets",
    prune: (db, at) => removed(db.delete(verificationTickets).where(lt(verificationTickets.expiresAt, addSeconds(at, -KEEP.spent))).returning({ id: verificationTickets.id })),
  },
  // a used challenge is remembered until it expires: then its solution is refused anyway
  { name: "used_challenges", prune: (db, at) => removed(db.delete(usedChallenges).where(lt(usedChallenges.expiresAt, at)).returning({ id: usedChallenges.id })) },
  {
    name: "device_challenges",
    prune: (db, at) => removed(db.delete(deviceChallenges).where(lt(deviceChallenges.expiresAt, addSeconds(at, -KEEP.spent))).returning({ id: deviceChallenges.id })),
  },
  {
    name: "passkey_challenges",
    prune: (db, at) => removed(db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, addSeconds(at, -KEEP.spent))).returning({ id: passkeyChallenges.id })),
  },
  {
    name: "two_step_tickets",
    prune: (db, at) => removed(db.delete(twoStepTickets).where(lt(twoStepTickets.expiresAt, addSeconds(at, -KEEP.spent))).returning({ id: twoStepTickets.id })),
  },
  {
    name: "sign_in_failures",
    prune: (db, at) => removed(db.delete(signInFailures).where(lt(signInFailures.createdAt, addSeconds(at, -KEEP.failures))).returning({ id: signInFailures.id })),
  },
  { name: "outbox_mails", prune: (db, at) => removed(db.delete(outboxMails).where(lt(outboxMails.createdAt, addSeconds(at, -KEEP.mailLog))).returning({ id: outboxMails.id })) },
  { name: "outbox files", prune: (_db, at) => pruneFiles(outboxDir(), addSeconds(at, -KEEP.mailFiles)) },
];

/** Files in `dir` last written before `before`; a missing directory has none. */
async function pruneFiles(dir: string, before: Date): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let count = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtime < before) {
      await fs.rm(file, { force: true });
      count++;
    }
  }
  return count;
}

/** Run every pruner (the built-in ones, then the registered ones); what each removed, by name. */
export async function pruneAll(db: Db, at: Date): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const pruner of [...BUILT_IN, ...registeredPruners()]) counts[pruner.name] = await pruner.prune(db, at);
  return counts;
}
