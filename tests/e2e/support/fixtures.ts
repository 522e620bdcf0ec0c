/**
 * What the e2e portals find in their data directories when they start, made by seed.ts and
 * read by the specs (through playwright.config.ts, which re-exports these).
 */

/** The data directories of the run, made afresh before the first portal starts. */
export const DATA_DIRS = { main: ".e2e/data", production: ".e2e-prod", embed: ".e2e-embed/data" } as const;
/** Removed at the start of a run: every directory a portal of the run writes to. */
export const RUN_DIRS = [".e2e", ".e2e-prod", ".e2e-embed"] as const;

/** Redemption codes in the main portal's database (read by the exchange spec), as CSV. */
export const CODE_FILES = { valid: ".e2e/codes-valid.csv", expired: ".e2e/codes-expired.csv", revoked: ".e2e/codes-revoked.csv" } as const;

/** Enterprise accounts the tests log in with, in the main portal's database. */
export const ENTERPRISES = {
  en: { account: "E2E-EN", email: "boss-en@acme.test", name: "Acme Lasers", file: ".e2e/enterprise-en.json" },
  zh: { account: "E2E-ZH", email: "boss-zh@acme.test", name: "艾克姆激光", file: ".e2e/enterprise-zh.json" },
  /** the breached-password spec's: it keeps its default password */
  breached: { account: "E2E-BREACH", email: "boss-breach@acme.test", name: "Acme Breach", file: ".e2e/enterprise-breached.json" },
} as const;

/**
 * Console admins, made as `npm run cli -- operator:create` makes them: email, password and
 * authenticator URI. One per language, since an authenticator code is good once and the two
 * journeys of console-ops.spec.ts sign in at the same time.
 */
export const OPERATOR_FILES = { en: ".e2e/operator-admin-en.json", zh: ".e2e/operator-admin-zh.json" } as const;
/** Support operators (one per language) for disown.spec.ts: support reads a user's security activity. */
export const SUPPORT_OPERATOR_FILES = { en: ".e2e/operator-support-en.json", zh: ".e2e/operator-support-zh.json" } as const;

/** The address banned in the production portal's database before it starts. */
export const PROD_BANNED_IP = "127.0.0.2";

/** Printed by seed.ts when every fixture is in place: Playwright waits for this line. */
export const SEEDED = "e2e fixtures ready";

/**
 * The FedCM brand sites' registrations in the embeddable portal's database (seed.ts writes it, the
 * brand sites read it: tests/e2e/support/fedcm-brands.ts): one confidential app per brand origin.
 */
export const FEDCM_BRANDS_FILE = ".e2e-embed/fedcm-brands.json";
export type FedcmBrand = { name: string; origin: string; redirectUri: string; clientId: string; secret: string };
