/**
 * The operator console's operations screens (enterprises, codes, messages and announcements,
 * IP bans, analytics): the shapes the services answer with and the screens show. Both halves
 * share them; nothing here is secret except the fields named so (a default password, a
 * one-time download token), which the services hand out once.
 */

/** Message keys of the `console.errors` namespace: every refusal of these screens. */
export const CONSOLE_ERROR_KEYS = [
  "required",
  "tooLong",
  "badPage",
  "badDate",
  "badRange",
  "rangeTooLong",
  "badEmail",
  "badAccount",
  "accountTaken",
  "emailTaken",
  "notFound",
  "badId",
  "badCode",
  "codeKeyUnavailable",
  "badCount",
  "badDays",
  "badValidity",
  "downloadSpent",
  "badNetwork",
  "rangeTooWide",
  "ownAddress",
  "badExpiry",
  "notListed",
  "badApp",
  "badCategory",
  "badTexts",
  "noSuchUser",
  "enterpriseUser",
  "bannedUser",
  "categoryOff",
  "badReason",
  "badFilter",
  "badClientName",
  "badKind",
  "noRedirectUri",
  "tooManyUris",
  "badRedirectUri",
  "badBrand",
  "badOrigin",
  "badPageUrl",
  "badJwks",
  "jwksNotAllowed",
  "nativeNotPublic",
  "noClientSecret",
  "noSuchClient",
  "badScope",
  "bulkTooMany",
  "bulkEmpty",
  "bulkFinished",
  "forbidden",
  "failed",
] as const;
export type ConsoleErrorKey = (typeof CONSOLE_ERROR_KEYS)[number];

export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };

export type EnterpriseSummary = { id: string; account: string; name: string; createdAt: string; users: number };
export type EnterpriseUser = { id: string; email: string; status: string; defaultPassword: boolean; createdAt: string; lastSignIn: string | null };
/** `password`: the default password, shown once and never stored in clear */
export type CreatedEnterprise = { id: string; account: string; name: string; email: string; password: string };

export type CodeStatus = "unused" | "redeemed" | "revoked" | "expired";
/** `downloadToken`: spent by the one CSV download it allows */
export type NewBatch = { batchId: string; size: number; downloadToken: string; downloadExpiresAt: string };
export type BatchSummary = {
  id: string;
  benefitEn: string;
  benefitZh: string;
  benefitDays: number;
  validUntil: string;
  createdAt: string;
  size: number;
  counts: Record<CodeStatus, number>;
  downloadedAt: string | null;
};
export type CodeInfo = { batchId: string; benefitEn: string; benefitZh: string; status: CodeStatus; validUntil: string; redeemedAt: string | null; redeemedBy: string | null };

export type BanItem = { network: string; reason: string | null; createdAt: string; expiresAt: string | null; inForce: boolean };

export type AnnouncementState = "shown" | "expired" | "withdrawn";
export type AnnouncementItem = {
  id: string;
  title: { en: string; zh: string };
  body: { en: string; zh: string };
  publishedAt: string;
  expiresAt: string | null;
  withdrawnAt: string | null;
  state: AnnouncementState;
};
export const SEND_TARGETS = ["user", "app", "everyone"] as const;
export type SendTargetKind = (typeof SEND_TARGETS)[number];

/** An app registered with the OpenID Provider (the Apps screen); its secret is never listed. */
export const CLIENT_KINDS = ["public", "client_secret_basic", "private_key_jwt"] as const;
export type ClientKindName = (typeof CLIENT_KINDS)[number];
/**
 * The scopes an admin allows an app beyond `openid`, which every app has (docs/oidc.md "Scopes"):
 * the provider refuses any other with invalid_scope, and only an app allowed offline_access gets
 * refresh tokens.
 */
export const CLIENT_SCOPES = ["email", "profile", "offline_access"] as const;
export type ClientScope = (typeof CLIENT_SCOPES)[number];
export type ClientItem = {
  clientId: string;
  name: string;
  kind: ClientKindName;
  brand: string | null;
  firstParty: boolean;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** where the provider POSTs a logout token (OpenID Back-Channel Logout), or null */
  backchannelLogoutUri: string | null;
  /** the brand sites that may sign in with FedCM (none: the redirect URIs' origins), and the links its dialog shows */
  origins: string[];
  privacyUrl: string | null;
  termsUrl: string | null;
  native: boolean;
  /** what it may ask for besides openid */
  scopes: ClientScope[];
  disabled: boolean;
  createdAt: string;
};
/** `secret`: a client_secret_basic app's secret, answered this once (null for the other kinds) */
export type ClientSecret = { clientId: string; secret: string | null };

export type Series = { label: string; values: number[] };
export type Breakdown = { key: string; signIns: number; registrations: number };
export type Dashboard = {
  from: string;
  to: string;
  days: string[];
  brand: string | null;
  platform: string | null;
  signIns: number[];
  registrations: number[];
  redemptions: number[];
  failures: Series[];
  codesSent: Series[];
  events: Series[];
  brands: Breakdown[];
  platforms: Breakdown[];
};
export const ANALYTICS_RANGE_MAX_DAYS = 366;

/** "2026-11-26" is a day; "2026-02-30", "2026-13-01" and anything not YYYY-MM-DD are not. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** The `fields` key of a refusal that concerns the whole form rather than one of its fields. */
export const FORM_FIELD = "form";

/** The message of a refused input (10001) for logs and readers of the raw answer; callers read the data. */
export function consoleRefusalMessage(key: ConsoleErrorKey, field?: string): string {
  return `Refused: ${key}${field ? ` (${field})` : ""}`;
}

/** The refusal a 10001 answer carries in its data (`{error, field}`), or null: read from the data, never from the message. */
export function consoleRefusalOf(data: unknown): { key: ConsoleErrorKey; field?: string } | null {
  if (typeof data !== "object" || data === null) return null;
  const { error, field } = data as { error?: unknown; field?: unknown };
  const key = CONSOLE_ERROR_KEYS.find((item) => item === error);
  if (!key) return null;
  return typeof field === "string" && /^[A-Za-z]{1,40}$/.test(field) ? { key, field } : { key };
}
