import { resetConfig } from "./config";
import { closeDb } from "./db/client";
import { resetMailer } from "./mail";
import { resetCodeSecret } from "./secrets";

/**
 * Close the database and forget every cached piece of state (configuration, mailer, code
 * secret), as if the process had restarted. Used on shutdown and by tests.
 */
export async function shutdownBackend(): Promise<void> {
  await closeDb();
  resetMailer();
  resetCodeSecret();
  resetConfig();
}
