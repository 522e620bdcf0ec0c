/**
 * Seeding a throwaway database with many accounts for the bench (bench/console-search.ts,
 * bench/data-scale.ts): each table in one SQL statement over generate_series, the database's own
 * work, never a round trip per row. Account i of a run (its tag) has the address
 * user<i>-<tag>@<one of four domains> and an id derived from the tag and i, so every table can
 * be seeded from the numbers alone (no join back to users) and a second call adds accounts
 * from..to beside the first ones. Two-step on every 50th, a passkey on every 30th, a Google
 * account on every 20th, every 100th banned (these have two-step too): the accounts a sign-in can use are those
 * `canSignIn` says.
 */
import { sql, type SQL } from "drizzle-orm";

type Db = Awaited<ReturnType<typeof import("@/lib/backend/db/client").getDb>>;

/** How many rows per account of the login log, inbox and so on (the proportions of a real passport). */
export type Proportions = { sessions: number; deliveries: number; events: number; failuresEvery: number; redemptionsEvery: number };

/** The data-scale part's seed (bench/data-scale.ts): ten login-log rows per account, four inbox messages, one event, a refused sign-in for every fifth, a redemption for every tenth. */
export const SCALE_PROPORTIONS: Proportions = { sessions: 10, deliveries: 4, events: 1, failuresEvery: 5, redemptionsEvery: 10 };

/** The console search's seed: one session each, nothing else. */
export const CONSOLE_PROPORTIONS: Proportions = { sessions: 1, deliveries: 0, events: 0, failuresEvery: 0, redemptionsEvery: 0 };

export type Seed = { tag: string; base: Date; passwordHash: string; proportions: Proportions };

/** A valid version-4-shaped uuid from a text (md5 with the version and variant digits set), in SQL. */
const uuidOf = (text: SQL) => sql`overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const tagOf = (seed: Seed) => sql`${seed.tag}::text`;
/**
 * A uuid that grows with `n` within its `kind` (four hex digits) and the run's tag: rows inserted
 * in that order append to their primary key's index instead of landing all over it, which is
 * what keeps a load of ten million rows within minutes (a lookup costs the same either way).
 */
const orderedId = (seed: Seed, kind: SQL, n: SQL) => sql`(substr(md5(${tagOf(seed)}), 1, 8) || '-' || ${kind} || '-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const userId = (seed: Seed, i: SQL) => orderedId(seed, sql`'0001'`, i);

export const emailOf = (tag: string, i: number) => `user${i}-${tag}@${["example.com", "mail.test", "corp.test", "shop.test"][i % 4]}`;

/** Neither banned nor with two-step: a password sign-in of this account opens a session at once. */
export const canSignIn = (i: number) => i % 50 !== 0;

const MESSAGES = 200;
const CATEGORIES = sql`array['device','system','app','activity']`;
const AGENT = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** The tables a seed fills, whose secondary indexes are dropped while it loads and built again after. */
const SEEDED = ["users", "sessions", "two_step_totp", "passkeys", "social_accounts", "message_deliveries", "account_events", "sign_in_failures", "exchange_codes"];

/** The index names and definitions of a pg_indexes answer (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf(result: unknown): { indexname: string; indexdef: string }[] {
  const rows = typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows) ? (result.rows as unknown[]) : [];
  return rows.flatMap((row) =>
    typeof row === "object" && row !== null && "indexname" in row && "indexdef" in row && typeof row.indexname === "string" && typeof row.indexdef === "string" ? [{ indexname: row.indexname, indexdef: row.indexdef }] : [],
  );
}

/** Statements in one transaction on one connection, with the foreign-key triggers off (the ids are right by construction). */
async function bulk(db: Db, statements: SQL[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const statement of statements) await tx.execute(statement);
  });
}

/**
 * Adds accounts from..to (inclusive) and their rows. Secondary indexes (not those of a primary
 * key or unique constraint) of the seeded tables are dropped first and built again at the end:
 * one sort per index instead of millions of scattered inserts. Then vacuum analyze, as
 * autovacuum would soon (it also empties GIN's pending list, which every trigram search would
 * otherwise scan in full), and a checkpoint.
 */
export async function seedAccounts(db: Db, seed: Seed, from: number, to: number): Promise<void> {
  const found: unknown = await db.execute(sql`
    select indexname, indexdef from pg_indexes
    where schemaname = 'public' and tablename in (${sql.join(SEEDED.map((table) => sql`${table}`), sql`, `)})
      and indexname not in (select conname from pg_constraint)`);
  const indexes = { rows: rowsOf(found) };
  await bulk(db, indexes.rows.map((row) => sql`drop index ${sql.identifier(row.indexname)}`));
  const p = seed.proportions;
  const base = seed.base.toISOString();
  const created = (i: SQL) => sql`(${base}::timestamptz - (${i} || ' minutes')::interval)`;
  const range = sql`generate_series(${from}::int, ${to}::int) as i`;
  const every = (n: number, offset = 0) => sql`from ${range} where i % ${n} = ${offset}`;
  // every session of account i names one brand; the first is its registration's (below), which
  // the account keeps as its brand of registration; without sessions it registered nowhere
  const brandOf = (i: SQL) => sql`(array['passport','atomm','support'])[1 + ${i} % 3]`;
  const registrationBrand = p.sessions > 0 ? brandOf(sql`i`) : sql`null`;
  const statements: SQL[] = [
    sql`insert into users (id, email, password_hash, nickname, status, registration_app_code, created_at, updated_at)
        select ${userId(seed, sql`i`)}, 'user' || i || '-' || ${tagOf(seed)} || '@' || (array['example.com','mail.test','corp.test','shop.test'])[1 + i % 4],
               ${seed.passwordHash}, 'nick' || (i % 9973), case when i % 100 = 0 then 'banned' else 'active' end, ${registrationBrand}, ${created(sql`i`)}, ${base}::timestamptz
        from ${range}`,
    sql`insert into two_step_totp (user_id, secret_enc, confirmed_at, created_at) select ${userId(seed, sql`i`)}, 'x', ${created(sql`i`)}, ${created(sql`i`)} ${every(50)}`,
    sql`insert into passkeys (user_id, credential_id, public_key, name, device_type, created_at) select ${userId(seed, sql`i`)}, md5(${tagOf(seed)} || ':pk:' || i), 'k', 'Phone', 'multiDevice', ${created(sql`i`)} ${every(30)}`,
    sql`insert into social_accounts (user_id, channel, subject, created_at) select ${userId(seed, sql`i`)}, 'google', md5(${tagOf(seed)} || ':g:' || i), ${created(sql`i`)} ${every(20)}`,
  ];
  const accounts = to - from + 1;
  if (p.sessions > 0) {
    // the login log: sign-ins spread over the account's life, the last one now; all but the last
    // two signed out. The first is the session the registration opened (no factor proved; its
    // brand is the account's registration_app_code, as a registration writes both), the others
    // password sign-ins. The k-th sign-ins of all accounts in turn, so that an account's rows lie
    // apart in the table as they would after years of sign-ins, not side by side.
    const k = sql`(s / ${accounts})`;
    const i = sql`(${from} + s % ${accounts})`;
    const at = sql`(${created(i)} + (${base}::timestamptz - ${created(i)}) * ((${k} + 1)::float / ${p.sessions}))`;
    statements.push(sql`
      insert into sessions (id, user_id, token_hash, created_at, last_seen_at, ended_at, ip, user_agent, app_code, sign_in_factors)
      select ${orderedId(seed, sql`'2' || lpad(to_hex(${k}), 3, '0')`, i)}, ${userId(seed, i)}, ${tagOf(seed)} || ':' || lpad(${k}::text, 3, '0') || ':' || lpad(${i}::text, 10, '0'), ${at}, ${at},
             case when ${k} >= ${p.sessions} - 2 then null else ${at} + interval '1 hour' end,
             '10.' || (${i} % 50) || '.' || ((${i} / 50) % 100) || '.' || (1 + ${k} % 250), ${AGENT},
             ${brandOf(i)}, case when ${k} = 0 then '{}'::text[] else '{password}'::text[] end
      from generate_series(0, ${accounts * p.sessions - 1}::int) as s`);
  }
  if (p.deliveries > 0) {
    // the operators' messages once (the first call), then each account's inbox: one per category in turn, all of the passport app
    if (from === 1) {
      statements.push(sql`
        insert into messages (id, app_code, category, audience, name_en, name_zh, content_en, content_zh, published_at)
        select ${uuidOf(sql`${tagOf(seed)} || ':m:' || j`)}, 'passport', (${CATEGORIES})[1 + j % 4], 'app', 'Message ' || j, '消息 ' || j,
               repeat('Text of message ' || j || '. ', 20), repeat('消息内容 ' || j || '。', 20), ${base}::timestamptz - (j || ' hours')::interval
        from generate_series(0, ${MESSAGES - 1}) as j`);
    }
    const i = sql`(${from} + s / ${p.deliveries})`;
    const d = sql`(s % ${p.deliveries})`;
    const j = sql`((${i} * 4 + ${d}) % ${MESSAGES})`;
    statements.push(sql`
      insert into message_deliveries (message_id, user_id, app_code, category, published_at, read_at)
      select ${uuidOf(sql`${tagOf(seed)} || ':m:' || ${j}`)}, ${userId(seed, i)}, 'passport', (${CATEGORIES})[1 + ${j} % 4],
             ${base}::timestamptz - (${j} || ' hours')::interval, case when ${d} % 2 = 0 then ${base}::timestamptz end
      from generate_series(0, ${accounts * p.deliveries - 1}::int) as s`);
  }
  if (p.events > 0) {
    statements.push(sql`
      insert into account_events (id, user_id, created_at, kind, actor, ip, user_agent)
      select ${orderedId(seed, sql`'3' || lpad(to_hex(d), 3, '0')`, sql`i`)}, ${userId(seed, sql`i`)}, ${base}::timestamptz - ((i % 300 + d * 7) || ' days')::interval,
             (array['password_changed','new_device'])[1 + d % 2], 'self', '10.' || (i % 50) || '.1.1', ${AGENT}
      from ${range}, generate_series(0, ${p.events - 1}) as d`);
  }
  if (p.failuresEvery > 0) {
    // refused sign-ins naming the account, within the 30 days the activity page shows
    statements.push(sql`
      insert into sign_in_failures (id, created_at, email, ip, method, reason)
      select ${orderedId(seed, sql`'4000'`, sql`i`)}, ${base}::timestamptz - ((i % 40000) || ' minutes')::interval,
             'user' || i || '-' || ${tagOf(seed)} || '@' || (array['example.com','mail.test','corp.test','shop.test'])[1 + i % 4],
             '192.0.2.' || (i % 250), 'password', 20202
      ${every(p.failuresEvery, 1)}`);
  }
  if (p.redemptionsEvery > 0) {
    const batch = uuidOf(sql`${tagOf(seed)} || ':batch'`);
    if (from === 1) {
      statements.push(sql`
        insert into exchange_batches (id, benefit_en, benefit_zh, benefit_days, valid_until, size, created_at)
        values (${batch}, 'A month of Pro', '一个月专业版', 30, ${base}::timestamptz + interval '1 year', 0, ${base}::timestamptz)`);
    }
    statements.push(sql`
      insert into exchange_codes (batch_id, code_hash, code_cipher, valid_until, benefit_days, redeemed_by, redeemed_at, redeemed_code, expire_at, created_at)
      select ${batch}, md5(${tagOf(seed)} || ':c:' || i), 'x', ${base}::timestamptz + interval '1 year', 30, ${userId(seed, sql`i`)},
             ${created(sql`(i % 100000)`)}, upper(substr(md5(${tagOf(seed)} || ':c:' || i), 1, 16)), ${created(sql`(i % 100000)`)} + interval '30 days', ${created(sql`i`)}
      ${every(p.redemptionsEvery, 3)}`);
  }
  await bulk(db, statements);
  await bulk(db, indexes.rows.map((row) => sql.raw(row.indexdef)));
  for (const table of SEEDED) await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
  // the load's gigabytes written out now, not by the checkpointer while the next measurement runs
  await db.execute(sql`checkpoint`);
}
