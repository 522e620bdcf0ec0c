import path from "node:path";
import { singleton, clearSingleton } from "./singleton";

/**
 * Environment of the reference services, read once.
 *
 * | variable      | default                               | meaning                                          |
 * |---------------|---------------------------------------|--------------------------------------------------|
 * | DATA_DIR      | ./data                                | PGlite database and the generated secret         |
 * | DATABASE_URL  | (unset: embedded PGlite)              | PostgreSQL connection string (node-postgres)     |
 * | SMTP_URL      | (unset: outbox in the database + log) | e.g. smtp://127.0.0.1:2525                       |
 * | MAIL_FROM     | Passport <no-reply@passport.local>    | sender of emails                                 |
 * | TRUST_PROXY   | (off)                                 | "1"/"true": use x-forwarded-for for client IPs   |
 * | CODE_SECRET   | (generated and stored)                | HMAC key for verification codes                  |
 * | SERVICES_PORT | 4000                                  | port of `npm run services`                       |
 */
export type BackendConfig = {
  dataDir: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  trustProxy: boolean;
  codeSecret: string | null;
  servicesPort: number;
};

const NAME = "config";

function blankToNull(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function readConfig(env: NodeJS.ProcessEnv): BackendConfig {
  const port = Number.parseInt(env.SERVICES_PORT ?? "", 10);
  return {
    // The data directory is chosen at run time; keep the bundler from tracing the whole project.
    dataDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), blankToNull(env.DATA_DIR) ?? "data"),
    databaseUrl: blankToNull(env.DATABASE_URL),
    smtpUrl: blankToNull(env.SMTP_URL),
    mailFrom: blankToNull(env.MAIL_FROM) ?? "Passport <no-reply@passport.local>",
    trustProxy: ["1", "true"].includes((env.TRUST_PROXY ?? "").trim().toLowerCase()),
    codeSecret: blankToNull(env.CODE_SECRET),
    servicesPort: Number.isInteger(port) && port > 0 && port < 65536 ? port : 4000,
  };
}

export function getConfig(): BackendConfig {
  return singleton(NAME, () => readConfig(process.env));
}

/** Forget the cached configuration so the next call reads the environment again (tests). */
export function resetConfig(): void {
  clearSingleton(NAME);
}
