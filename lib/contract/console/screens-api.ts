import { z } from "zod";
import { MESSAGE_CATEGORIES } from "../message-rules";
import { CLIENT_SCOPES } from "./screens";

/**
 * The console's operations API (/v1/console/enterprises, codes, messages, announcements, bans,
 * analytics): request and response schemas. Requests are loose on purpose (strings of any
 * length, numbers as text): the services check every field and answer a refusal with the
 * `console.errors` key of what was wrong (10001 with `data: {error, field}`), which a
 * schema's generic failure could not say. Bodies are capped by the services' JSON limit.
 */
const text = z.string().optional();
const reason = { reason: text };
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
const bilingual = <T extends z.ZodType>(item: T) => z.object({ en: item, zh: item });

export const pageQuery = z.object({ page: text });

export const enterpriseListQuery = z.object({ q: text, page: text });
export const enterpriseSummary = z.object({ id: z.string(), account: z.string(), name: z.string(), createdAt: z.string(), users: z.number().int() });
export const enterpriseListResponse = page(enterpriseSummary);
export const createEnterpriseRequest = z.object({ account: text, name: text, email: text, ...reason });
export const createEnterpriseResponse = z.object({ id: z.string(), account: z.string(), name: z.string(), email: z.string(), password: z.string() });
export const enterpriseUser = z.object({ id: z.string(), email: z.string(), status: z.string(), defaultPassword: z.boolean(), createdAt: z.string(), lastSignIn: z.string().nullable() });
export const enterpriseUsersResponse = z.object({ enterprise: enterpriseSummary, users: z.array(enterpriseUser) });
export const reasonRequest = z.object(reason);
export const passwordResetResponse = z.object({ email: z.string(), password: z.string() });

const codeStatus = z.enum(["unused", "redeemed", "revoked", "expired"]);
export const createBatchRequest = z.object({ benefitEn: text, benefitZh: text, count: text, benefitDays: text, validUntil: text, ...reason });
export const createBatchResponse = z.object({ batchId: z.string(), size: z.number().int(), downloadToken: z.string(), downloadExpiresAt: z.string() });
export const batchListResponse = page(
  z.object({
    id: z.string(),
    benefitEn: z.string(),
    benefitZh: z.string(),
    benefitDays: z.number().int(),
    validUntil: z.string(),
    createdAt: z.string(),
    size: z.number().int(),
    counts: z.object({ unused: z.number().int(), redeemed: z.number().int(), revoked: z.number().int(), expired: z.number().int() }),
    downloadedAt: z.string().nullable(),
  }),
);
/** the one-time token goes in a body, never in an address that a log could keep */
export const downloadBatchRequest = z.object({ token: text });
export const downloadBatchResponse = z.object({ batchId: z.string(), csv: z.string() });
export const codeLookupRequest = z.object({ code: text });
export const codeInfo = z.object({ batchId: z.string(), benefitEn: z.string(), benefitZh: z.string(), status: codeStatus, validUntil: z.string(), redeemedAt: z.string().nullable(), redeemedBy: z.string().nullable() });
export const codeRevokeRequest = z.object({ code: text, ...reason });
export const codeRevokeResponse = z.object({ revoked: z.boolean(), status: codeStatus });

const messageText = z.object({ title: z.string(), body: z.string() });
export const sendMessageRequest = z.object({
  appCode: text,
  category: z.string().optional(),
  target: z.enum(["user", "app", "everyone"]),
  email: text,
  texts: bilingual(messageText),
  ...reason,
});
export const sendMessageResponse = z.object({ delivered: z.number().int() });
export const MESSAGE_CATEGORY_VALUES = MESSAGE_CATEGORIES;
export const announcementItem = z.object({
  id: z.string(),
  title: bilingual(z.string()),
  body: bilingual(z.string()),
  publishedAt: z.string(),
  expiresAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  state: z.enum(["shown", "expired", "withdrawn"]),
});
export const announcementListResponse = page(announcementItem);
export const publishAnnouncementRequest = z.object({ texts: bilingual(messageText), until: text, ...reason });

export const banItem = z.object({ network: z.string(), reason: z.string().nullable(), createdAt: z.string(), expiresAt: z.string().nullable(), inForce: z.boolean() });
export const banListResponse = page(banItem);
export const addBanRequest = z.object({ network: text, expiresOn: text, ...reason });
export const addBanResponse = z.object({ network: z.string(), added: z.boolean() });
export const removeBanRequest = z.object({ network: text, ...reason });
export const removeBanResponse = z.object({ network: z.string() });

export const analyticsQuery = z.object({ from: text, to: text, brand: text, platform: text });
const series = z.object({ label: z.string(), values: z.array(z.number()) });
const breakdown = z.object({ key: z.string(), signIns: z.number(), registrations: z.number() });
export const dashboardResponse = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.string()),
  brand: z.string().nullable(),
  platform: z.string().nullable(),
  signIns: z.array(z.number()),
  registrations: z.array(z.number()),
  redemptions: z.array(z.number()),
  failures: z.array(series),
  codesSent: z.array(series),
  events: z.array(series),
  brands: z.array(breakdown),
  platforms: z.array(breakdown),
});

/** Apps (OpenID clients): URIs one a line and the JWKS as JSON text, as the operator typed them. */
export const clientItem = z.object({
  clientId: z.string(),
  name: z.string(),
  kind: z.enum(["public", "client_secret_basic", "private_key_jwt"]),
  brand: z.string().nullable(),
  firstParty: z.boolean(),
  redirectUris: z.array(z.string()),
  postLogoutRedirectUris: z.array(z.string()),
  backchannelLogoutUri: z.string().nullable(),
  origins: z.array(z.string()),
  privacyUrl: z.string().nullable(),
  termsUrl: z.string().nullable(),
  native: z.boolean(),
  scopes: z.array(z.enum(CLIENT_SCOPES)),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export const clientListResponse = z.object({ items: z.array(clientItem) });
export const registerClientRequest = z.object({ name: text, kind: text, native: z.boolean().optional(), thirdParty: z.boolean().optional(), brand: text, redirectUris: text, postLogoutUris: text, backchannelLogoutUri: text, origins: text, privacyUrl: text, termsUrl: text, jwks: text, scopes: z.array(z.string().max(100)).max(20).optional(), ...reason });
/** An app's scopes besides openid, chosen again (the ticked boxes; none is openid alone). */
export const clientScopesRequest = z.object({ scopes: z.array(z.string().max(100)).max(20), ...reason });
export const clientScopesResponse = z.object({ clientId: z.string(), scopes: z.array(z.enum(CLIENT_SCOPES)) });
export const clientSecretResponse = z.object({ clientId: z.string(), secret: z.string().nullable() });

/** What a refusal of these routes carries in `data`. */
export const consoleRefusal = z.object({ error: z.string(), field: z.string().optional() });
