import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The reference services' tables. Every timestamp is written by the services from
 * `clock.now()` (never the database's `now()`), so tests control time.
 * Change this file, then run `npx drizzle-kit generate` and commit the new migration.
 * Keep imports relative or package-only: drizzle-kit loads this file on its own.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** canonical form: trimmed, lower case */
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  nickname: text("nickname"),
  headpic: text("headpic"),
  introduction: text("introduction"),
  gender: text("gender", { enum: ["male", "female"] }),
  birthday: date("birthday", { mode: "string" }),
  country: integer("country"),
  region: integer("region"),
  /** active | restricted | banned */
  status: text("status").notNull().default("active"),
  createdAt: ts("created_at").notNull(),
  updatedAt: ts("updated_at").notNull(),
});

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
  },
  (t) => [index("sessions_user_idx").on(t.userId, t.createdAt)],
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
    /** register | login | findpwd | delete */
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
  (t) => [index("verification_codes_email_purpose_idx").on(t.email, t.purpose, t.createdAt)],
);

export const outboxMails = pgTable(
  "outbox_mails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    /** the full text for the embedded outbox; secrets redacted when sent by SMTP */
    text: text("text").notNull(),
    /** outbox | smtp */
    transport: text("transport").notNull(),
    /** logged (outbox only) | sent | failed */
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
