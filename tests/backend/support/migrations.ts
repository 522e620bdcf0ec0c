import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDb, migrationsFolder } from "@/lib/backend/db/client";

/** The journal's time of the migration, which drizzle keeps as the applied migration's created_at. */
export function migrationMillis(tag: string): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string; when: number }> };
  const entry = journal.entries.find((item) => item.tag === tag);
  if (!entry) throw new Error(`no migration ${tag}`);
  return entry.when;
}

/**
 * What the migrations after `tag` made, undone (their tables, the columns they added to older
 * tables, their indexes), read from their SQL: the schema as it was when `tag` was the newest.
 * A column a later migration added to a table a later one made is gone with its table.
 */
export function undoLaterMigrations(tag: string): string[] {
  const folder = migrationsFolder();
  const later = fs.readdirSync(folder).filter((file) => file.endsWith(".sql") && file > `${tag}.sql`);
  const text = later.map((file) => fs.readFileSync(path.join(folder, file), "utf8")).join("\n");
  const names = (pattern: RegExp) => [...text.matchAll(pattern)].map((match) => match.slice(1));
  return [
    ...names(/CREATE TABLE "(\w+)"/g).map(([table]) => `drop table if exists "${table}" cascade`),
    ...names(/ALTER TABLE "(\w+)" ADD COLUMN "(\w+)"/g).map(([table, column]) => `alter table if exists "${table}" drop column if exists "${column}"`),
    ...names(/CREATE (?:UNIQUE )?INDEX "(\w+)"/g).map(([index]) => `drop index if exists "${index}"`),
  ];
}

/**
 * The running database put back to the release whose newest migration is `tag`: what every later
 * migration made is undone and their journal rows removed, so the next start applies them again.
 */
export async function rewindMigrationsTo(tag: string): Promise<void> {
  const db = await getDb();
  for (const statement of undoLaterMigrations(tag)) await db.execute(sql.raw(statement));
  const later = fs.readdirSync(migrationsFolder()).filter((file) => file.endsWith(".sql") && file > `${tag}.sql`);
  const first = later.sort()[0];
  if (first) await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${migrationMillis(first.replace(/\.sql$/, ""))}`);
}
