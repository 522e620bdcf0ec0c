import { getConfig, resetConfig } from "./config";
import { closeDb, getDb, type Db } from "./db/client";
import { startPruning } from "./maintenance/schedule";
import { startLogoutRetries } from "./oidc/revoke";
import { startBulkRunner } from "./services/console/bulk-runner";
import { resetMailer } from "./mail";
import { resetRateLimits } from "./ratelimit";
import { log } from "./log";
import { recordSecretFingerprint, resetCodeSecret } from "./secrets";
import { settleSecurityNotices } from "./services/security-notices";
import { closeFileStorage } from "./storage";

let stopPruning: (() => void) | null = null;
let stopLogoutRetries: (() => void) | null = null;
let stopBulkRunner: (() => void) | null = null;

/**
 * The services start: the database opens (and a new one is migrated), then the periodic prune
 * runs beside it until shutdown. Called by the portal's server at start, by `npm run services`
 * and by tests that run the services as a whole; a caller that only needs the database (an
 * operator command) uses getDb and prunes nothing in the background.
 */
export async function startServices(): Promise<Db> {
  const db = await getDb();
  if ((await recordSecretFingerprint()) === "changed") {
    log().warn({ event: "server secret changed" }, "the server secret (CODE_SECRET) differs from the last start's: what was sealed under the old one (operators' authenticators, two-step secrets) cannot be read");
  }
  stopPruning ??= startPruning(db, getConfig().pruneIntervalSeconds);
  stopLogoutRetries ??= startLogoutRetries();
  // the operators' bulk jobs (services/console/bulk-runner.ts): every instance works them through
  if (getConfig().bulkRunnerIntervalSeconds > 0) stopBulkRunner ??= startBulkRunner(getConfig().bulkRunnerIntervalSeconds);
  return db;
}

/**
 * Close the database and the rate-limit store and forget every cached piece of state
 * (configuration, mailer, code secret, in-memory counts, file storage), as if the process had restarted.
 * Used on shutdown and by tests.
 */
export async function shutdownBackend(): Promise<void> {
  stopPruning?.();
  stopPruning = null;
  stopLogoutRetries?.();
  stopLogoutRetries = null;
  stopBulkRunner?.();
  stopBulkRunner = null;
  // mails under way still need the database (their record) and the mailer
  await settleSecurityNotices();
  await closeDb();
  await resetRateLimits();
  await closeFileStorage();
  resetMailer();
  resetCodeSecret();
  resetConfig();
}
