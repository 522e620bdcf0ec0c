import { and, asc, gt, inArray, isNotNull, max, type SQL } from "drizzle-orm";
import type { ExportFormat } from "@/lib/contract/console/user-transfer";
import { getDb } from "../../db/client";
import { passkeys, sessions, socialAccounts, twoStepTotp, users } from "../../db/schema";
import { csvCell } from "../console/audit";

/**
 * Users out (docs/import-export.md): id, email, nickname, status, created, last sign-in, ways in
 * and the brand registered from, never a hash or a secret. Read in pages of BATCH by id (keyset: each page starts after the
 * last id, so page n costs what page 1 does) and handed out page by page, so a million rows take
 * the memory of one page whatever the consumer (an HTTP response, a file, stdout). Which users:
 * the condition of a selection (selectionWhere, the one the search and bulk jobs use), resolved
 * by the caller before the first byte, so a refused filter is a 400 and never a broken file.
 */
const BATCH = 1000;

export const EXPORT_COLUMNS = ["id", "email", "nickname", "status", "created", "last_sign_in", "ways_in", "brand"] as const;

export type ExportedUser = { id: string; email: string; nickname: string | null; status: string; created: string; lastSignIn: string | null; waysIn: string[]; brand: string | null };

async function waysIn(page: { id: string; passwordSet: boolean }[]): Promise<Map<string, string[]>> {
  const db = await getDb();
  const ids = page.map((row) => row.id);
  const ways = new Map(page.map((row) => [row.id, row.passwordSet ? ["password"] : []]));
  const add = (id: string, way: string) => ways.get(id)?.push(way);
  for (const row of await db.selectDistinct({ userId: passkeys.userId }).from(passkeys).where(inArray(passkeys.userId, ids))) add(row.userId, "passkey");
  const social = await db.select({ userId: socialAccounts.userId, channel: socialAccounts.channel }).from(socialAccounts).where(inArray(socialAccounts.userId, ids)).orderBy(asc(socialAccounts.channel));
  for (const row of social) add(row.userId, `social:${row.channel}`);
  const totp = await db.select({ userId: twoStepTotp.userId }).from(twoStepTotp).where(and(inArray(twoStepTotp.userId, ids), isNotNull(twoStepTotp.confirmedAt)));
  for (const row of totp) add(row.userId, "two-step");
  return ways;
}

async function lastSignIns(ids: string[]): Promise<Map<string, Date | null>> {
  const db = await getDb();
  const rows = await db.select({ userId: sessions.userId, at: max(sessions.createdAt) }).from(sessions).where(inArray(sessions.userId, ids)).groupBy(sessions.userId);
  return new Map(rows.map((row) => [row.userId, row.at ? new Date(row.at) : null]));
}

/** The users the condition selects, one page at a time, in id order. */
export async function* exportedUsers(where: SQL | undefined): AsyncGenerator<ExportedUser[]> {
  const db = await getDb();
  let after: string | null = null;
  for (;;) {
    const page = await db
      .select({ id: users.id, email: users.email, nickname: users.nickname, status: users.status, createdAt: users.createdAt, passwordSet: users.passwordSet, brand: users.registrationAppCode })
      .from(users)
      .where(and(where, after ? gt(users.id, after) : undefined))
      .orderBy(asc(users.id))
      .limit(BATCH);
    if (page.length === 0) return;
    const ids = page.map((row) => row.id);
    const [ways, signIns] = await Promise.all([waysIn(page), lastSignIns(ids)]);
    yield page.map((row) => ({
      id: row.id,
      email: row.email,
      nickname: row.nickname,
      status: row.status,
      created: row.createdAt.toISOString(),
      lastSignIn: signIns.get(row.id)?.toISOString() ?? null,
      waysIn: ways.get(row.id) ?? [],
      brand: row.brand,
    }));
    if (page.length < BATCH) return;
    after = page[page.length - 1]?.id ?? null;
  }
}

function csvRow(user: ExportedUser): string {
  return [user.id, user.email, user.nickname, user.status, user.created, user.lastSignIn, user.waysIn.join(" "), user.brand].map(csvCell).join(",");
}

/**
 * The export as text chunks (one per page) in the format asked for; `counted` hears the number of
 * rows once the last page is out (the audit row's count). JSON is one array, written as it goes.
 */
export async function* exportChunks(where: SQL | undefined, format: ExportFormat, counted: (rows: number) => void): AsyncGenerator<string> {
  let rows = 0;
  yield format === "csv" ? `${EXPORT_COLUMNS.join(",")}\r\n` : "[";
  for await (const page of exportedUsers(where)) {
    if (format === "csv") yield `${page.map(csvRow).join("\r\n")}\r\n`;
    else yield `${rows === 0 ? "\n" : ",\n"}${page.map((user) => JSON.stringify(user)).join(",\n")}`;
    rows += page.length;
  }
  if (format === "json") yield rows === 0 ? "]\n" : "\n]\n";
  counted(rows);
}
