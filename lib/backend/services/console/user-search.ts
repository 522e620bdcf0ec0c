import { and, asc, desc, sql } from "drizzle-orm";
import { SEARCH_COUNT_MAX, type UserSearchQuery, type UserSearchResponse, type UserSearchRow } from "@/lib/contract/console/users";
import { getDb } from "../../db/client";
import { enterprises, sessions, users } from "../../db/schema";
import { filtersOf, matchOf } from "./user-search-filters";

export { likePrefix } from "./user-search-filters";

/**
 * The console's user search: the text's match and the filters (user-search-filters.ts), one page
 * (`LIMIT n+1 OFFSET`) and a count that stops at SEARCH_COUNT_MAX, so a search that matches a
 * million accounts costs a bounded scan, never a count of the whole table.
 */

/**
 * Qualified by hand: drizzle writes `${sessions.userId}` and `${users.id}` without their tables
 * inside a select, so the inner `"id"` was the session's own id and the value always null.
 */
const lastSignIn = sql<Date | null>`(select max(${sessions}.${sql.identifier(sessions.createdAt.name)}) from ${sessions} where ${sessions}.${sql.identifier(sessions.userId.name)} = ${users}.${sql.identifier(users.id.name)})`;

function orderOf(query: UserSearchQuery) {
  const direction = query.order === "asc" ? asc : desc;
  if (query.sort === "lastSignIn") return [sql`${lastSignIn} ${sql.raw(query.order)} nulls last`, direction(users.id)];
  if (query.sort === "email") return [direction(users.email)];
  return [direction(users.createdAt), direction(users.id)];
}

export async function searchUsers(query: UserSearchQuery): Promise<UserSearchResponse> {
  const db = await getDb();
  const where = and(await matchOf(query), filtersOf(query));
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        nickname: users.nickname,
        status: users.status,
        enterprise: sql<string | null>`(select ${enterprises.account} from ${enterprises} where ${enterprises.id} = ${users.enterpriseId})`,
        createdAt: users.createdAt,
        lastSignInAt: lastSignIn,
        brand: users.registrationAppCode,
      })
      .from(users)
      .where(where)
      .orderBy(...orderOf(query))
      .limit(query.pageSize + 1)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1`.as("one") }).from(users).where(where).limit(SEARCH_COUNT_MAX + 1).as("matches")),
  ]);
  const count = Number(counted[0]?.n ?? 0);
  const list: UserSearchRow[] = rows.slice(0, query.pageSize).map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  }));
  return { list, page: query.page, pageSize: query.pageSize, hasMore: rows.length > query.pageSize, count: Math.min(count, SEARCH_COUNT_MAX), countCapped: count > SEARCH_COUNT_MAX };
}
