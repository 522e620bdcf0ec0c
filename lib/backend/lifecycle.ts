import { resetConfig } from "./config";
import { closeDb } from "./db/client";
import { resetMailer } from "./mail";
import { resetRateLimits } from "./ratelimit";
import { resetCodeSecret } from "./secrets";
import { closeFileStorage } from "./storage";

/**
 * Close the database and the rate-limit store and forget every cached piece of state
 * (configuration, mailer, code secret, in-memory counts, file storage), as if the process had restarted.
 * Used on shutdown and by tests.
 */
export async function shutdownBackend(): Promise<void> {
  await closeDb();
  await resetRateLimits();
  await closeFileStorage();
  resetMailer();
  resetCodeSecret();
  resetConfig();
}
