import { sql } from "drizzle-orm";
import type { AccountEventKind } from "../../contract/activity";
import { bigint, boolean, date, doublePrecision, index, inet, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * The reference services' tables. Every timestamp is written by the services from
 * `clock.now()` (never the database's `now()`), so tests control time.
 * Change this file, then run `npx drizzle-kit generate` and commit the new migration.
 * Keep imports relative or package-only: drizzle-kit loads this file on its own.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A business customer; its users sign in with its account ID. Created by the operator command. */
export const enterprises = pgTable(
  "enterprises",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the business account ID users type at enterprise login, as the operator wrote it */
    account: text("account").notNull(),
    name: text("name").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  // account IDs are matched without regard to case
  (t) => [uniqueIndex("enterprises_account_idx").on(sql`lower(${t.account})`)],
);

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** canonical form: trimmed, lower case */
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  nickname: text("nickname"),
  /** the avatar's public URL, as user info shows it */
  headpic: text("headpic"),
  /** the avatar's storage key, so a new upload or a deletion can remove the file */
  headpicKey: text("headpic_key"),
  introduction: text("introduction"),
  gender: text("gender", { enum: ["male", "female"] }),
  birthday: date("birthday", { mode: "string" }),
  country: integer("country"),
  region: integer("region"),
  /** active | restricted | banned */
  status: text("status", { enum: ["active", "restricted", "banned"] }).notNull().default("active"),
  /** set for enterprise users, who sign in through enterprise login only */
  enterpriseId: uuid("enterprise_id").references(() => enterprises.id, { onDelete: "restrict" }),
  /** true while the password is the one the operator created the account with */
  defaultPassword: boolean("default_password").notNull().default(false),
  /** device security: a sign-in from a device not in known_devices needs an emailed code */
  deviceSecurity: boolean("device_security").notNull().default(false),
  /**
   * false for an account made by social sign-in until a password is set: its password_hash is
   * then a hash of random bytes nobody knows, so password sign-in fails like a wrong password
   */
  passwordSet: boolean("password_set").notNull().default(true),
  /**
   * the account's language, for every mail written to it (security notices, operators' mails):
   * set by each sign-in and by the first signed-in view of each page (a language switch), from
   * the `lang` header a caller states; null until one does (then the request's language is used)
   */
  language: text("language", { enum: ["en", "zh"] }),
  /**
   * set by "This wasn't me" (services/disown.ts): whoever did it may know the password, so a
   * password sign-in is refused (20221) until a new password is set through the emailed reset
   */
  passwordResetRequired: boolean("password_reset_required").notNull().default(false),
  /**
   * automatic passkey upgrade (services/passkeys/auto-register.ts): after a password sign-in a
   * browser with conditional create may make a passkey without a prompt; the owner can turn it off
   */
  passkeyUpgrade: boolean("passkey_upgrade").notNull().default(true),
  /**
   * the brand (app code) the account registered from: the app code of the session its
   * registration opened (POST /v1/register), or the brand an import file gave; null for an
   * account made another way (social sign-up, an operator's enterprise account, an import
   * without one) or registered without an app code. The console's brand filter reads it
   * (migration 0023 filled it in from the registration sessions kept before)
   */
  registrationAppCode: text("registration_app_code"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
}, (t) => [
  // the operator console's prefix searches (LIKE 'abc%') and its newest-first list
  index("users_email_prefix_idx").on(sql`lower(${t.email}) text_pattern_ops`),
  index("users_nickname_prefix_idx").on(sql`lower(${t.nickname}) text_pattern_ops`),
  // its search for a part anywhere (LIKE '%abc%'): trigrams (pg_trgm, migration 0018)
  index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
  index("users_nickname_trgm_idx").using("gin", sql`lower(${t.nickname}) gin_trgm_ops`),
  // its status filter: the few accounts not active (the active ones are found by any scan at once)
  index("users_status_idx").on(t.status).where(sql`${t.status} <> 'active'`),
  index("users_created_idx").on(t.createdAt),
  // its brand filter: the accounts of one brand, newest first or within created days, as one range
  // of the index alone (the id too: the count reads no row; at 200 000 accounts 342 buffers, 2 081
  // through users_created_idx)
  index("users_registration_brand_idx").on(t.registrationAppCode, t.createdAt, t.id).where(sql`${t.registrationAppCode} is not null`),
  index("users_enterprise_idx").on(t.enterpriseId),
]);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha256 of the utoken, hex */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: ts("created_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
    endedAt: ts("ended_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    appCode: text("app_code"),
    platform: text("platform"),
    appVersion: text("app_version"),
    remember: boolean("remember").notNull().default(false),
    /** the provider of a social sign-in (google, …); null for the other ways in */
    socialChannel: text("social_channel"),
    /**
     * The last step-up proof made in this session (services/step-up.ts): when, and how
     * (password | email_code | passkey | totp). Bound to the session, so a proof made in one
     * browser never lets another session of the account lower its security.
     */
    proofAt: ts("proof_at"),
    proofMethod: text("proof_method"),
    /**
     * What the sign-in that opened this session proved (services/factor-kinds.ts: password,
     * email_code, totp, passkey, social…), the second step's included; empty for a session a
     * registration opened, null on rows from before they were kept.
     */
    signInFactors: text("sign_in_factors").array(),
    /**
     * The app (OpenID client) this sign-in was made for: set when the portal sign-in finished an
     * app's login (oidc/interaction.ts); null for a sign-in to the portal itself, a session only
     * reused by single sign-on, or an app since deleted. The login log names it.
     */
    oidcClientId: text("oidc_client_id").references(() => oidcClients.clientId, { onDelete: "set null" }),
    /** when the user said "This wasn't me" about this sign-in (services/disown.ts) */
    disownedAt: ts("disowned_at"),
  },
  // sessions_ip_idx: the operator console finds the accounts signed in from an address
  // created_at: the console's sign-ins per day (a bounded range scan)
  (t) => [index("sessions_user_idx").on(t.userId, t.createdAt), index("sessions_ip_idx").on(t.ip, t.createdAt), index("sessions_created_idx").on(t.createdAt)],
);

/** Nonces handed out by POST /v1/verify/email; a code request must present one. */
export const emailNonces = pgTable("email_nonces", {
  id: uuid("id").primaryKey().defaultRandom(),
  nonceHash: text("nonce_hash").notNull().unique(),
  email: text("email").notNull(),
  expiresAt: ts("expires_at").notNull(),
  createdAt: ts("created_at").notNull(),
});

export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** register | login | findpwd | delete | device */
    purpose: text("purpose").notNull(),
    /** HMAC-SHA256(secret, purpose:email:code), hex */
    codeHash: text("code_hash").notNull(),
    /** sha256 of the nonce the code was requested with, hex */
    nonceHash: text("nonce_hash").notNull(),
    /** checks made against this code, right or wrong */
    attempts: integer("attempts").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    /** set when the code was used, or replaced by a newer code */
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("verification_codes_email_purpose_idx").on(t.email, t.purpose, t.createdAt), index("verification_codes_created_idx").on(t.createdAt)],
);

export const outboxMails = pgTable(
  "outbox_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /** the text with its secrets (codes) redacted; the embedded outbox's file holds the mail itself */
    text: text("text").notNull(),
    /** outbox | smtp */
    transport: text("transport").notNull(),
    /** written (outbox file) | sent | failed; "logged" in rows from before outbox files */
    status: text("status").notNull(),
    error: text("error"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("outbox_mails_to_idx").on(t.toAddress, t.createdAt)],
);

/** Server secrets kept in the database when there is no data directory (DATABASE_URL mode). */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: ts("created_at").notNull().default(sql`now()`),
});

/** Every refused sign-in (password, code, enterprise): what operators list and throttles count. */
export const signInFailures = pgTable(
  "sign_in_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdAt: ts("created_at").notNull(),
    /** canonical form of the email that was tried */
    email: text("email").notNull(),
    ip: text("ip"),
    /** password | code | enterprise | device */
    method: text("method", { enum: ["password", "code", "enterprise", "device", "social", "passkey", "two-step"] }).notNull(),
    /** the error code the caller got (20202, 20205, 20103, …) */
    reason: integer("reason").notNull(),
    /** when the account's owner said "This wasn't me" about the day's refused sign-ins from this address */
    disownedAt: ts("disowned_at"),
  },
  (t) => [
    index("sign_in_failures_email_idx").on(t.email, t.createdAt),
    index("sign_in_failures_ip_idx").on(t.ip, t.createdAt),
    index("sign_in_failures_created_idx").on(t.createdAt),
  ],
);

/** Addresses and ranges (CIDR) refused for sign-in, register and code requests. */
export const ipBans = pgTable(
  "ip_bans",
  {
    network: inet("network").primaryKey(),
    createdAt: ts("created_at").notNull(),
    /** why it was banned, as the operator wrote it (null for bans from before the console) */
    reason: text("reason"),
    /** the ban ends by itself then; null: until removed */
    expiresAt: ts("expires_at"),
  },
  (t) => [index("ip_bans_expires_idx").on(t.expiresAt)],
);

/** Human-verification tickets: single use, short-lived, bound to a scene and an email. */
export const verificationTickets = pgTable(
  "verification_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** sha256 of the ticket, hex */
    ticketHash: text("ticket_hash").notNull().unique(),
    scene: text("scene").notNull(),
    email: text("email").notNull(),
    /** altcha | recaptcha | aliyun */
    provider: text("provider").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("verification_tickets_expires_idx").on(t.expiresAt)],
);

/** ALTCHA challenges already redeemed, kept until they expire so a solution works once. */
export const usedChallenges = pgTable(
  "used_challenges",
  {
    /** sha256 of the challenge signature, hex */
    id: text("id").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("used_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * Browsers a user has signed in from. The portal forwards a random per-browser id
 * (x-device-id, from an HttpOnly cookie); only its sha256 is kept.
 */
export const knownDevices = pgTable(
  "known_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha256 of the device id, hex */
    deviceHash: text("device_hash").notNull(),
    /** "macOS · Chrome 131", from the user agent of the latest sign-in; null when it says nothing */
    name: text("name"),
    firstSeenAt: ts("first_seen_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
  },
  (t) => [uniqueIndex("known_devices_user_device_idx").on(t.userId, t.deviceHash)],
);

/**
 * A sign-in held back by device security until the emailed code (purpose "device") is shown:
 * the challenge is 32 random bytes, kept as sha256, bound to the user and the device, 10 min, single use.
 */
export const deviceChallenges = pgTable(
  "device_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    challengeHash: text("challenge_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha256 of the device id the sign-in came from, hex; null when it sent none */
    deviceHash: text("device_hash"),
    /** "remember me" of the held-back sign-in */
    remember: boolean("remember").notNull().default(false),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("device_challenges_user_idx").on(t.userId), index("device_challenges_expires_idx").on(t.expiresAt)],
);

/** Social accounts (a provider's user) connected to a user; filled by social sign-in. */
export const socialAccounts = pgTable(
  "social_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** the provider: google, facebook, apple, … */
    channel: text("channel").notNull(),
    /** the provider's stable id of its user */
    subject: text("subject").notNull(),
    /** the name or email the provider shows for the account */
    name: text("name"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("social_accounts_channel_subject_idx").on(t.channel, t.subject),
    uniqueIndex("social_accounts_user_channel_idx").on(t.userId, t.channel),
  ],
);

/** A batch of redemption codes an operator issued for one benefit (npm run cli -- exchange:create). */
export const exchangeBatches = pgTable("exchange_batches", {
  id: uuid("id").primaryKey().defaultRandom(),
  benefitEn: text("benefit_en").notNull(),
  benefitZh: text("benefit_zh").notNull(),
  /** how long the benefit runs from the redemption, in days */
  benefitDays: integer("benefit_days").notNull(),
  /** the codes can be redeemed until then */
  validUntil: ts("valid_until").notNull(),
  size: integer("size").notNull(),
  createdAt: ts("created_at").notNull(),
  /**
   * The console hands the batch's CSV out once: sha256 of a one-time download token, its
   * expiry, and when it was used (then the token is spent; the CLI's export stays available).
   */
  downloadTokenHash: text("download_token_hash").unique(),
  downloadExpiresAt: ts("download_expires_at"),
  downloadedAt: ts("downloaded_at"),
});

/**
 * Redemption codes. An unused code is never stored in clear: `code_hash` (HMAC-SHA256 of the
 * upper-case code) finds it, `code_cipher` (AES-256-GCM) lets an operator export it again, both
 * under the exchange key, which lives outside the database (services/exchange-key.ts). Once
 * redeemed, the code is spent and kept in clear for the user's history.
 */
export const exchangeCodes = pgTable(
  "exchange_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => exchangeBatches.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull().unique(),
    /** base64url of iv (12 bytes) | tag (16 bytes) | ciphertext */
    codeCipher: text("code_cipher").notNull(),
    /** copied from the batch, so one conditional UPDATE decides a redemption */
    validUntil: ts("valid_until").notNull(),
    benefitDays: integer("benefit_days").notNull(),
    revokedAt: ts("revoked_at"),
    /** the account that redeemed it; null again if that account is deleted (the code stays used) */
    redeemedBy: uuid("redeemed_by").references(() => users.id, { onDelete: "set null" }),
    redeemedAt: ts("redeemed_at"),
    redeemedCode: text("redeemed_code"),
    /** when the benefit ends: redeemed_at + benefit_days */
    expireAt: ts("expire_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("exchange_codes_batch_idx").on(t.batchId),
    index("exchange_codes_redeemed_by_idx").on(t.redeemedBy, t.redeemedAt),
    index("exchange_codes_redeemed_idx").on(t.redeemedAt),
  ],
);

/** A user's safety-training facts: which devices they have (set by the device side or an operator), the welder video. */
export const safetyProfiles = pgTable("safety_profiles", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  hasLaser: boolean("has_laser").notNull().default(false),
  hasPrinter: boolean("has_printer").notNull().default(false),
  /** the welder video was watched in full, as the server saw it */
  welderCompletedAt: ts("welder_completed_at"),
  updatedAt: ts("updated_at").notNull(),
});

/** Pre-use training certificates: the id is issued when a course starts and valid once completed. */
export const safetyCertificates = pgTable(
  "safety_certificates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** laser | printer */
    course: text("course", { enum: ["laser", "printer"] }).notNull(),
    certId: text("cert_id").notNull().unique(),
    startedAt: ts("started_at").notNull(),
    completedAt: ts("completed_at"),
  },
  (t) => [uniqueIndex("safety_certificates_user_course_idx").on(t.userId, t.course)],
);

/** Viewings of the welder video: the server's own record of when it started and how far reports got. */
export const welderViews = pgTable(
  "welder_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startedAt: ts("started_at").notNull(),
    lastReportAt: ts("last_report_at").notNull(),
    /** the furthest position (seconds) a report reached that the elapsed time allowed */
    position: doublePrecision("position").notNull().default(0),
    finishedAt: ts("finished_at"),
  },
  (t) => [index("welder_views_user_idx").on(t.userId, t.startedAt)],
);

/**
 * Every welder unlock password the services issued (docs/exchange-and-training.md): who, for
 * which device and light source, when and from which address. The password itself is not
 * kept: it is derived again from the SN. The rows also hold the budgets of new devices per
 * account and per address; they outlive a deleted account (user_id set null) so that deleting
 * accounts does not refill an address's budget.
 */
export const snPasswordIssues = pgTable(
  "sn_password_issues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** canonical: upper case, 23 characters */
    sn: text("sn").notNull(),
    power: text("power", { enum: ["1200W", "800W"] }).notNull(),
    /** the caller's address as the services saw it, or null when unknown */
    ip: text("ip"),
    /** the bucket the per-address budget counts under (services/ip-key.ts); null when exempt */
    ipKey: text("ip_key"),
    issuedAt: ts("issued_at").notNull(),
  },
  (t) => [index("sn_password_issues_user_idx").on(t.userId, t.issuedAt), index("sn_password_issues_ip_idx").on(t.ipKey, t.issuedAt)],
);

// ---- Messages, announcements and analytics (docs/messages-and-analytics.md) ----

const MESSAGE_CATEGORY = ["device", "system", "app", "activity"] as const;

/** A message an operator published, with its texts in both languages. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the app whose message centre shows it (the launch context's `p`) */
    appCode: text("app_code").notNull(),
    category: text("category", { enum: MESSAGE_CATEGORY }).notNull(),
    /** user: to one account; app: to every user of the app when it was published; everyone: every active consumer account then */
    audience: text("audience", { enum: ["user", "app", "everyone"] }).notNull(),
    nameEn: text("name_en").notNull(),
    nameZh: text("name_zh").notNull(),
    contentEn: text("content_en").notNull(),
    contentZh: text("content_zh").notNull(),
    publishedAt: ts("published_at").notNull(),
  },
  (t) => [index("messages_app_idx").on(t.appCode, t.publishedAt)],
);

/**
 * A user's inbox: one row per message delivered to them, written when the message is published
 * (a blocked category gets no row). App, category and time are copied from the message so
 * the list and the unread counts read this table alone.
 */
export const messageDeliveries = pgTable(
  "message_deliveries",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appCode: text("app_code").notNull(),
    category: text("category", { enum: MESSAGE_CATEGORY }).notNull(),
    publishedAt: ts("published_at").notNull(),
    readAt: ts("read_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.messageId] }),
    index("message_deliveries_inbox_idx").on(t.userId, t.appCode, t.category, t.publishedAt),
  ],
);

/** Categories a user turned off in an app (a row means blocked, since `blockedAt`). */
export const messageBlocks = pgTable(
  "message_blocks",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    appCode: text("app_code").notNull(),
    category: text("category", { enum: MESSAGE_CATEGORY }).notNull(),
    blockedAt: ts("blocked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.appCode, t.category] })],
);

/** Public announcements (/announcement), shown from publishing until they expire or are withdrawn. */
export const announcements = pgTable(
  "announcements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    titleEn: text("title_en").notNull(),
    titleZh: text("title_zh").notNull(),
    bodyEn: text("body_en").notNull(),
    bodyZh: text("body_zh").notNull(),
    publishedAt: ts("published_at").notNull(),
    expiresAt: ts("expires_at"),
    withdrawnAt: ts("withdrawn_at"),
  },
  (t) => [index("announcements_published_idx").on(t.publishedAt)],
);

/** Events received by the reference analytics collector; `id` is the client's, so a resent event is stored once. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: text("id").primaryKey(),
    event: text("event").notNull(),
    /** the browser's time of the event, kept within the 30 days before its arrival */
    eventTime: ts("event_time").notNull(),
    receivedAt: ts("received_at").notNull(),
    distinctId: text("distinct_id").notNull(),
    loginId: text("login_id"),
    sessionId: text("session_id").notNull(),
    url: text("url").notNull(),
    referrer: text("referrer"),
    properties: jsonb("properties").$type<Record<string, string | number | boolean | null>>().notNull(),
  },
  (t) => [index("analytics_events_time_idx").on(t.eventTime, t.event), index("analytics_events_received_idx").on(t.receivedAt)],
);

/**
 * States of social authorizations that came back (sha256 of the state, hex), kept until the
 * state would have expired anyway: a callback is handled once, a replayed one is refused.
 */
export const oauthUsedStates = pgTable(
  "oauth_used_states",
  {
    stateHash: text("state_hash").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("oauth_used_states_expires_idx").on(t.expiresAt)],
);

/**
 * What a social sign-in could not finish alone: connecting to an existing account (`connect`,
 * after its password or an emailed code) or an email to ask for (`email`, the provider gave no
 * verified one). The ticket is 32 random bytes, kept as sha256; single use, 10 minutes.
 */
export const socialLinks = pgTable(
  "social_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketHash: text("ticket_hash").notNull().unique(),
    /** connect | email */
    kind: text("kind", { enum: ["connect", "email"] }).notNull(),
    channel: text("channel").notNull(),
    subject: text("subject").notNull(),
    /** the provider's name for its account */
    name: text("name"),
    /** the account to connect to (connect) */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** the app the sign-in came from, for the session it ends in */
    appCode: text("app_code"),
    platform: text("platform"),
    appVersion: text("app_version"),
    /** wrong passwords given for this ticket */
    attempts: integer("attempts").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("social_links_expires_idx").on(t.expiresAt)],
);

/**
 * Operator console (docs/operators.md). Operators are not users: their own accounts, roles,
 * a mandatory authenticator app (TOTP) and their own sessions.
 */
export const operators = pgTable(
  "operators",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** canonical form: trimmed, lower case */
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ["viewer", "support", "admin"] }).notNull(),
    passwordHash: text("password_hash").notNull(),
    /** the TOTP secret, encrypted with a key derived from the server secret (services/operator-totp.ts) */
    totpSecret: text("totp_secret").notNull(),
    /** the last TOTP time step accepted: a code is good once (no replay inside its 30 s) */
    totpLastStep: integer("totp_last_step"),
    status: text("status", { enum: ["active", "disabled"] }).notNull().default("active"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [uniqueIndex("operators_email_idx").on(sql`lower(${t.email})`)],
);

/** An operator's signed-in browser: only the sha256 of its cookie's token is stored. */
export const operatorSessions = pgTable(
  "operator_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    operatorId: uuid("operator_id")
      .notNull()
      .references(() => operators.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: ts("created_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
    endedAt: ts("ended_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("operator_sessions_operator_idx").on(t.operatorId, t.createdAt)],
);

/**
 * Every operator action, from the console and the command line. Append-only: the code has no
 * update and no delete of a row, except the retention pruner (AUDIT_RETENTION_DAYS).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: ts("at").notNull(),
    /** null for the command line and for a sign-in attempt naming no known operator */
    operatorId: uuid("operator_id"),
    /** who, as written at the time: the operator's email, "cli", or the email a failed sign-in named */
    actor: text("actor").notNull(),
    ip: text("ip"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    reason: text("reason"),
    outcome: text("outcome", { enum: ["ok", "refused", "failed"] }).notNull(),
    /** what else the reader needs (never a secret, a code or a token) */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_operator_idx").on(t.operatorId, t.at),
    index("audit_log_action_idx").on(t.action, t.at),
    index("audit_log_target_idx").on(t.targetId, t.at),
  ],
);

/**
 * A user's passkeys (WebAuthn credentials). The credential id and COSE public key are stored as
 * the browser sends them (base64url); `counter` is the authenticator's signature counter, which
 * must grow with every assertion when the authenticator keeps one (a clone otherwise).
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull().unique(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    /** how the browser said it can reach the authenticator (usb, internal, hybrid, …) */
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    /** singleDevice | multiDevice (WebAuthn's backup eligibility) */
    deviceType: text("device_type", { enum: ["singleDevice", "multiDevice"] }).notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * The challenges of passkey ceremonies, kept server-side and used once. A registration's is
 * bound to the session that asked (`sessionId`), a sign-in's to its attempt (the random
 * `attempt` id the caller got, stored hashed).
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    attemptHash: text("attempt_hash").notNull().unique(),
    purpose: text("purpose", { enum: ["register", "auto_register", "authenticate"] }).notNull(),
    challenge: text("challenge").notNull(),
    sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("passkey_challenges_expires_idx").on(t.expiresAt)],
);

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s). One row
 * per user: `confirmedAt` null while the setup waits for its first code (two-step is off), set
 * once it came (two-step is on). The secret is encrypted (AES-256-GCM, services/two-step-crypto.ts)
 * and never leaves the services again after the setup answer. `lastStep` is the time step of the
 * last accepted code: a code of that step or an earlier one is refused (no replay).
 */
export const twoStepTotp = pgTable("two_step_totp", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretEnc: text("secret_enc").notNull(),
  lastStep: integer("last_step"),
  confirmedAt: ts("confirmed_at"),
  createdAt: ts("created_at").notNull(),
});

/**
 * Recovery codes: ten per user, each usable once in place of an authenticator code. Kept as an
 * HMAC-SHA-256 (a server key, the user id and the code): 50 random bits need no slow hash, and a
 * keyed hash can be looked up, so using one is a single conditional UPDATE (two requests with
 * the same code: one wins). New codes replace every old one.
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_idx").on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose first factor passed, waiting for the second step (20901): the ticket is 32
 * random bytes, kept as sha256, bound to the user and the device it came from; 5 minutes,
 * single use, at most five wrong codes.
 */
export const twoStepTickets = pgTable(
  "two_step_tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketHash: text("ticket_hash").notNull().unique(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha256 of the device id of the first step, hex; null when it sent none */
    deviceHash: text("device_hash"),
    /** "remember me" of the first step */
    remember: boolean("remember").notNull().default(false),
    /** the way in of the first step (password, code, enterprise, device, social), for the failure log */
    method: text("method", { enum: ["password", "code", "enterprise", "device", "social", "passkey", "two-step"] }).notNull(),
    /** a social sign-in's provider, for the session's login log (null: not social) */
    socialChannel: text("social_channel"),
    /** a connection screen's ticket whose identity is connected once the second step passes */
    socialLinkId: uuid("social_link_id").references(() => socialLinks.id, { onDelete: "cascade" }),
    /** what the first step proved (services/factor-kinds.ts); the second step adds its own */
    factors: text("factors").array(),
    wrongCodes: integer("wrong_codes").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("two_step_tickets_expires_idx").on(t.expiresAt)],
);

/**
 * The OpenID Provider's state (lib/backend/oidc/adapter.ts): one row per instance of one of
 * oidc-provider's models (Session, Interaction, AuthorizationCode, AccessToken, RefreshToken,
 * Grant, ReplayDetection, …), its payload as the library gives it. Codes and tokens are found by
 * their id, which is the random value itself for opaque tokens: the table is as secret as the
 * tokens are. Columns beside the payload are what the library looks rows up by (grant, session
 * uid) and what the services need (the account, for ending a user's sessions; expiry, for pruning).
 */
export const oidcPayloads = pgTable(
  "oidc_payloads",
  {
    model: text("model").notNull(),
    id: text("id").notNull(),
    payload: jsonb("payload").notNull(),
    grantId: text("grant_id"),
    /** a Session's fixed uid (its id changes when it is regenerated) */
    uid: text("uid"),
    accountId: text("account_id"),
    /** null: kept until removed (a client or grant without expiry) */
    expiresAt: ts("expires_at"),
    consumedAt: ts("consumed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index("oidc_payloads_grant_idx").on(t.grantId),
    index("oidc_payloads_uid_idx").on(t.model, t.uid),
    index("oidc_payloads_account_idx").on(t.accountId, t.model),
    index("oidc_payloads_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Apps registered with the OpenID Provider (`npm run cli -- client:create`). `metadata` is the
 * client's registration as oidc-provider validates it (redirect_uris, grant_types,
 * token_endpoint_auth_method, jwks, …) without the secret; a confidential client of
 * client_secret_basic has its secret sealed here (AES-256-GCM, lib/backend/oidc/seal.ts), since
 * the provider compares it in full. Every instance reads this table, so a change is seen at once.
 */
export const oidcClients = pgTable("oidc_clients", {
  clientId: text("client_id").primaryKey(),
  name: text("name").notNull(),
  /** the brand the portal's sign-in page shows (the launch context's `p`: lib/launch/brands.ts), or null */
  brand: text("brand"),
  /** a first-party app skips the consent screen */
  firstParty: boolean("first_party").notNull().default(true),
  metadata: jsonb("metadata").notNull(),
  secretSealed: text("secret_sealed"),
  disabledAt: ts("disabled_at"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

/** The provider's signing keys (ES256 and RS256), made at first start; the private JWK is sealed. */
export const oidcSigningKeys = pgTable("oidc_signing_keys", {
  kid: text("kid").primaryKey(),
  alg: text("alg").notNull(),
  privateJwkSealed: text("private_jwk_sealed").notNull(),
  createdAt: ts("created_at").notNull(),
});

/**
 * The account's security events that the login log (sessions) and sign_in_failures do not hold:
 * factor changes, sessions ended, support's actions (services/account-events.ts). Read with them
 * by the activity page, newest first. The place is kept as the login log keeps it (the address,
 * located when read); never a token or a code. `actor` is self or support, never which operator
 * (the audit log names them). Kept one year (maintenance/pruners.ts).
 */
export const accountEvents = pgTable(
  "account_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
    kind: text("kind").$type<AccountEventKind>().notNull(),
    actor: text("actor", { enum: ["self", "support"] }).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** the brand/app code of the request, when it named one */
    appCode: text("app_code"),
    /** the provider of a social account connected or disconnected */
    provider: text("provider"),
    /** when the user said "This wasn't me" about this event */
    disownedAt: ts("disowned_at"),
  },
  (t) => [index("account_events_user_idx").on(t.userId, t.createdAt.desc()), index("account_events_created_idx").on(t.createdAt)],
);

/**
 * An operator's bulk job over users (services/console/bulk-jobs.ts): one kind of action, the
 * selection frozen at creation in bulk_job_items, progress as a cursor (`done + failed` accounts
 * handled, in position order), and a lease that one runner holds and renews while it works; a
 * lease that runs out (its instance died) lets another runner take the job up at the cursor.
 */
export const bulkJobs = pgTable(
  "bulk_jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["end-sessions", "ban", "unban", "message"] }).notNull(),
    status: text("status", { enum: ["queued", "running", "done", "failed", "cancelled"] }).notNull(),
    /** the message of a `message` job (app code, category, texts in both languages) */
    payload: jsonb("payload"),
    total: integer("total").notNull(),
    done: integer("done").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    reason: text("reason").notNull(),
    /** the operator's email, or "cli" */
    operator: text("operator").notNull(),
    operatorId: uuid("operator_id"),
    createdAt: ts("created_at").notNull(),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    heartbeatAt: ts("heartbeat_at"),
  },
  (t) => [index("bulk_jobs_created_idx").on(t.createdAt.desc()), index("bulk_jobs_open_idx").on(t.status, t.leaseUntil)],
);

/** The accounts of a bulk job, numbered from 0 in the order they are worked through. */
export const bulkJobItems = pgTable(
  "bulk_job_items",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => bulkJobs.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    userId: uuid("user_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.position] })],
);
