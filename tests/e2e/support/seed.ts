/**
 * The fixtures of every e2e portal, made in ONE process (`tsx`, started by Playwright as the
 * first of its webServer entries, which it starts one after another): a fresh data directory
 * per PGlite portal (copies of one new database), the test enterprises and redemption codes in the main portal's database, the
 * banned address in the production portal's. It calls the operator commands' functions (what
 * `npm run cli` runs) directly, each data directory opened once, instead of one `npm run
 * admin` process per fixture: on a busy machine each such process took 23–60 s to start.
 *
 * When done it prints SEEDED (Playwright then starts the portals) and stays until Playwright
 * ends it with the other servers; a failure prints why and exits 1, which stops the run.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { banIp, createEnterprise } from "@/lib/backend/cli/commands";
import { createBatch, revokeCode, validityFrom } from "@/lib/backend/cli/exchange";
import { csv } from "@/lib/backend/cli/exchange-cli";
import { getDb } from "@/lib/backend/db/client";
import { createOperator } from "@/lib/backend/services/console/operators";
import { shutdownBackend } from "@/lib/backend/lifecycle";
import { registerClient } from "@/lib/backend/oidc/clients";
import { writeClientFile } from "../../support/reference-app/client-file";
import { CODE_FILES, DATA_DIRS, ENTERPRISES, FEDCM_BRANDS_FILE, OPERATOR_FILES, PROD_BANNED_IP, RUN_DIRS, SEEDED, SUPPORT_OPERATOR_FILES, type FedcmBrand } from "./fixtures";

/** Run `seed` on the database of `dataDir`, then close it, so the portal can open it. */
async function inDataDir(dataDir: string, seed: () => Promise<void>): Promise<void> {
  process.env.DATA_DIR = dataDir;
  await shutdownBackend(); // forget the configuration read for the previous directory
  try {
    await seed();
  } finally {
    await shutdownBackend();
  }
}

const BENEFIT = { benefitEn: "XCS Pro, 1 year", benefitZh: "XCS 专业版一年", benefitDays: 365 };

/** A batch of codes, written as the CSV `npm run cli -- exchange:create --csv` prints. */
async function codes(file: string, validity: { until?: string; days?: string }, count = 2): Promise<string[]> {
  const validUntil = validityFrom(validity);
  const { batch, codes: made } = await createBatch({ ...BENEFIT, count, validUntil });
  const rows = made.map((code) => [code, batch.id, batch.benefitEn, validUntil.toISOString()]);
  writeFileSync(file, `${csv([["code", "batch", "benefit", "valid_until"], ...rows])}\n`);
  return made;
}

/**
 * A new embedded database costs seconds (initdb, then the migrations; half a minute on a busy
 * machine) and reopening one a fraction: one is made and migrated, and every PGlite portal of
 * the run starts from a copy (opened and migrated like any other).
 */
async function freshDatabases(): Promise<void> {
  const template = ".e2e/template";
  await inDataDir(template, async () => {
    await getDb();
  });
  for (const dir of Object.values(DATA_DIRS)) cpSync(path.join(template, "pglite"), path.join(dir, "pglite"), { recursive: true });
  rmSync(template, { recursive: true, force: true });
}

/**
 * The reference brand app's client (playwright.config.ts starts the app with this file), as
 * `npm run cli -- client:create` registers it: a server-side app with a secret.
 */
async function referenceAppClient(): Promise<void> {
  const origin = process.env.REFAPP_ORIGIN ?? "";
  const issuer = process.env.REFAPP_ISSUER ?? "";
  const file = process.env.REFAPP_CLIENT_FILE ?? "";
  const redirectUri = `${origin}/callback`;
  const { clientId, secret } = await registerClient({ name: "Reference app", kind: "client_secret_basic", redirectUris: [redirectUri], postLogoutRedirectUris: [`${origin}/`], backchannelLogoutUri: `${origin}/backchannel-logout` });
  writeClientFile(file, { issuer, redirectUri, clientId, clientSecret: secret ?? "" });
}

/**
 * The FedCM brand sites (FEDCM_BRAND_ORIGINS, "name=origin,…"), each a first-party app of the
 * embeddable portal with its origin registered, as the console's Apps screen registers them.
 */
async function fedcmBrandClients(): Promise<void> {
  const brands: FedcmBrand[] = [];
  for (const entry of (process.env.FEDCM_BRAND_ORIGINS ?? "").split(",").filter(Boolean)) {
    const [name = "", origin = ""] = entry.split("=");
    // a redirect URI the provider accepts on loopback (127.0.0.2 and .3 are not among them); the
    // brand's server names it when it redeems a code, nothing is ever sent there
    const redirectUri = `http://127.0.0.1:${new URL(origin).port}/callback`;
    const { clientId, secret } = await registerClient({ name, kind: "client_secret_basic", redirectUris: [redirectUri], origins: [origin], privacyUrl: `${origin}/privacy`, termsUrl: `${origin}/terms` });
    brands.push({ name, origin, redirectUri, clientId, secret: secret ?? "" });
  }
  writeFileSync(FEDCM_BRANDS_FILE, `${JSON.stringify(brands)}\n`, { mode: 0o600 });
}

async function main(): Promise<void> {
  for (const dir of RUN_DIRS) rmSync(dir, { recursive: true, force: true });
  for (const dir of Object.values(DATA_DIRS)) mkdirSync(dir, { recursive: true });
  await freshDatabases();

  await inDataDir(DATA_DIRS.main, async () => {
    for (const enterprise of Object.values(ENTERPRISES)) {
      const created = await createEnterprise({ account: enterprise.account, email: enterprise.email, name: enterprise.name });
      writeFileSync(enterprise.file, `${JSON.stringify(created)}\n`);
    }
    // one per language for exchange.spec.ts's journey, one per language for its narrow history
    await codes(CODE_FILES.valid, { days: "30" }, 4);
    // the expired batch is the point of this fixture: its day is long past
    await codes(CODE_FILES.expired, { until: "2020-01-31" });
    for (const code of await codes(CODE_FILES.revoked, { days: "30" })) await revokeCode(code);
    for (const [lang, file] of Object.entries(OPERATOR_FILES)) {
      const operator = await createOperator({ email: `ops-admin-${lang}@console.test`, name: `E2E admin ${lang}`, role: "admin" });
      writeFileSync(file, `${JSON.stringify({ email: operator.operator.email, password: operator.password, totpUri: operator.totpUri })}\n`);
    }
    for (const [lang, file] of Object.entries(SUPPORT_OPERATOR_FILES)) {
      const operator = await createOperator({ email: `ops-support-${lang}@console.test`, name: `E2E support ${lang}`, role: "support" });
      writeFileSync(file, `${JSON.stringify({ email: operator.operator.email, password: operator.password, totpUri: operator.totpUri })}\n`);
    }
    await referenceAppClient();
  });
  await inDataDir(DATA_DIRS.production, async () => {
    await banIp(PROD_BANNED_IP);
  });
  await inDataDir(DATA_DIRS.embed, fedcmBrandClients);

  process.stdout.write(`${SEEDED} ${process.uptime().toFixed(1)} s after this process started\n`);
  // Playwright's webServer keeps this process until the run ends (it stops every server then)
  setInterval(() => undefined, 3_600_000);
}

main().catch((error: unknown) => {
  process.stderr.write(`e2e fixtures could not be made: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
