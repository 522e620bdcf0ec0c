import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { BulkSelection } from "@/lib/contract/console/bulk";
import type { UserSearchQuery } from "@/lib/contract/console/users";
import { getDb } from "../../db/client";
import { enterprises, users } from "../../db/schema";
import { ErrorCode, ServiceError } from "../../errors";
import { normalizeIp } from "../../net/addresses";

/**
 * What the console's user search matches (user-search.ts), each on an index (migrations 0010 and
 * 0018): a part of an email or nickname (pg_trgm GIN on lower(x), LIKE '%abc%'; under three
 * characters a trigram cannot help, so a prefix on the text_pattern_ops index), an exact id, an
 * enterprise account ID (looked up first, then users_enterprise_idx), the sessions of one
 * address (sessions_ip_idx), the brand of registration (users_registration_brand_idx). Columns inside subqueries are qualified by hand: drizzle writes
 * `${sessions.userId}` without its table, which inside a select means the inner table's column.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** a run of three letters or digits: the least a trigram index can serve */
const TRIGRAM_RUN = /[\p{L}\p{N}]{3}/u;
const DAY_MS = 86_400_000;

/** `50%_off\` → `50\%\_off\\`: typed characters match themselves, never as wildcards. */
function escapeLike(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
}
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}
/**
 * A part anywhere when a trigram index can serve it, else a prefix: pg_trgm takes its trigrams
 * from runs of letters and digits, so a text without such a run of three (`%_%`, `a.b`) would
 * read the whole index (1.8 s at a million accounts).
 */
export function likePart(text: string): string {
  return TRIGRAM_RUN.test(text) ? `%${escapeLike(text)}%` : likePrefix(text);
}

function invalid(field: string): never {
  throw new ServiceError(ErrorCode.invalidParams, { fields: [field] });
}

const userId = sql`"users"."id"`;
const textLike = (column: typeof users.email | typeof users.nickname, q: string) => sql`lower(${column}) like ${likePart(q)}`;

async function enterpriseOf(account: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select({ id: enterprises.id }).from(enterprises).where(sql`lower(${enterprises.account}) = ${account.toLowerCase()}`).limit(1);
  return row?.id ?? null;
}

const signedInFrom = (ip: string) => sql`${userId} in (select "sessions"."user_id" from "sessions" where "sessions"."ip" = ${ip})`;

/** The search text's condition; `any` reads what the text is. */
export async function matchOf(query: UserSearchQuery): Promise<SQL | undefined> {
  const q = query.q;
  if (q === "") return undefined;
  switch (query.by) {
    case "email":
      return textLike(users.email, q);
    case "nickname":
      return textLike(users.nickname, q);
    case "id":
      return UUID.test(q) ? eq(users.id, q.toLowerCase()) : invalid("q");
    case "enterprise": {
      const id = await enterpriseOf(q);
      return id ? eq(users.enterpriseId, id) : sql`false`;
    }
    case "ip": {
      const ip = normalizeIp(q);
      return ip ? signedInFrom(ip) : invalid("q");
    }
    case "any": {
      if (UUID.test(q)) return eq(users.id, q.toLowerCase());
      const ip = normalizeIp(q);
      if (ip) return signedInFrom(ip);
      const id = await enterpriseOf(q);
      const parts = [textLike(users.email, q), textLike(users.nickname, q), ...(id ? [eq(users.enterpriseId, id)] : [])];
      return sql`(${sql.join(parts, sql` or `)})`;
    }
  }
}

const dayStart = (value: string) => new Date(`${value}T00:00:00Z`).toISOString();
const dayEnd = (value: string) => new Date(new Date(`${value}T00:00:00Z`).getTime() + DAY_MS).toISOString();
const has = (table: string, extra: SQL = sql``) => sql`exists (select 1 from ${sql.identifier(table)} as x where x."user_id" = ${userId} ${extra})`;
const yesNo = (value: "yes" | "no", condition: SQL) => (value === "yes" ? condition : sql`not ${condition}`);
/** The filters: each one given narrows the result (the days are whole UTC days, both ends kept). */
export function filtersOf(query: UserSearchQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.status) parts.push(eq(users.status, query.status));
  if (query.twoStep) parts.push(yesNo(query.twoStep, has("two_step_totp", sql`and x."confirmed_at" is not null`)));
  if (query.passkey) parts.push(yesNo(query.passkey, has("passkeys")));
  if (query.social) parts.push(has("social_accounts", sql`and x."channel" = ${query.social}`));
  // kept on the account (users.registration_app_code, migration 0023; users_registration_brand_idx
  // with the created days): a lookup of each account's registration session cost 1 s at a million
  if (query.brand) parts.push(eq(users.registrationAppCode, query.brand));
  if (query.createdFrom) parts.push(sql`${users.createdAt} >= ${dayStart(query.createdFrom)}`);
  if (query.createdTo) parts.push(sql`${users.createdAt} < ${dayEnd(query.createdTo)}`);
  if (query.signedInFrom || query.signedInTo) {
    // the last sign-in in the range: the accounts with a sign-in in it (sessions_created_idx, a
    // bounded range), then each one's last (sessions_user_idx) not after it; "exists … and not
    // exists a later one" let the planner walk every account instead (12 s at a million)
    const from = query.signedInFrom ? sql`and "sessions"."created_at" >= ${dayStart(query.signedInFrom)}` : sql``;
    const to = query.signedInTo ? sql`and "sessions"."created_at" < ${dayEnd(query.signedInTo)}` : sql``;
    parts.push(sql`${userId} in (select "sessions"."user_id" from "sessions" where true ${from} ${to})`);
    if (query.signedInTo) parts.push(sql`(select max(x."created_at") from "sessions" as x where x."user_id" = ${userId}) < ${dayEnd(query.signedInTo)}`);
  }
  return and(...parts);
}

/**
 * The accounts of a selection (bulk jobs and the export alike): chosen ids, or a search's text and
 * filters. A text the search refuses (by=id with no id) throws here, before a job or a file starts.
 */
export async function selectionWhere(selection: BulkSelection): Promise<SQL | undefined> {
  if ("ids" in selection) return inArray(users.id, [...new Set(selection.ids.map((id) => id.toLowerCase()))]);
  return and(await matchOf(selection.search), filtersOf(selection.search));
}
