import { and, asc, desc, eq, exists, sql, type SQL } from "drizzle-orm";
import type { UserSearchQuery, UserSearchResponse, UserSummary } from "@/lib/contract/console/users";
import { getDb } from "../../db/client";
import { enterprises, sessions, users } from "../../db/schema";
import { ErrorCode, ServiceError } from "../../errors";
import { normalizeIp } from "../../net/addresses";

/**
 * The console's user search. Every way of searching uses an index (migration 0010): an email or
 * nickname prefix (lower(x) text_pattern_ops, LIKE 'abc%' with the wildcards of the input
 * escaped), an exact id, an enterprise account ID (its unique index), the sessions of one
 * address (sessions_ip_idx). Pages are `LIMIT n+1 OFFSET`, never a count of the whole table.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `50%_off\` → `50\%\_off\\`: typed characters match themselves, never as wildcards. */
export function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function invalid(field: string): never {
  throw new ServiceError(ErrorCode.invalidParams, { fields: [field] });
}

function matchOf(query: UserSearchQuery): SQL | undefined {
  const q = query.q;
  if (q === "") return undefined;
  switch (query.by) {
    case "email":
      return sql`lower(${users.email}) like ${likePrefix(q)}`;
    case "nickname":
      return sql`lower(${users.nickname}) like ${likePrefix(q)}`;
    case "id":
      return UUID.test(q) ? eq(users.id, q.toLowerCase()) : invalid("q");
    case "enterprise":
      return exists(sql`select 1 from ${enterprises} where ${enterprises.id} = ${users.enterpriseId} and lower(${enterprises.account}) = ${q.toLowerCase()}`);
    case "ip": {
      const ip = normalizeIp(q);
      if (!ip) invalid("q");
      return sql`${users.id} in (select ${sessions.userId} from ${sessions} where ${sessions.ip} = ${ip})`;
    }
  }
}

/**
 * Qualified by hand: drizzle writes `${sessions.userId}` and `${users.id}` without their tables
 * inside a select, so the inner `"id"` was the session's own id and the value always null.
 */
const lastSignIn = sql<Date | null>`(select max(${sessions}.${sql.identifier(sessions.createdAt.name)}) from ${sessions} where ${sessions}.${sql.identifier(sessions.userId.name)} = ${users}.${sql.identifier(users.id.name)})`;

export async function searchUsers(query: UserSearchQuery): Promise<UserSearchResponse> {
  const db = await getDb();
  const direction = query.order === "asc" ? asc : desc;
  const order = query.sort === "lastSignIn" ? [sql`${lastSignIn} ${sql.raw(query.order)} nulls last`, direction(users.id)] : [direction(users.createdAt), direction(users.id)];
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      status: users.status,
      enterprise: sql<string | null>`(select ${enterprises.account} from ${enterprises} where ${enterprises.id} = ${users.enterpriseId})`,
      createdAt: users.createdAt,
      lastSignInAt: lastSignIn,
    })
    .from(users)
    .where(and(matchOf(query)))
    .orderBy(...order)
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  const list: UserSummary[] = rows.slice(0, query.pageSize).map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  }));
  return { list, page: query.page, pageSize: query.pageSize, hasMore: rows.length > query.pageSize };
}
