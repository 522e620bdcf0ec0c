import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { BULK_CONSOLE_MAX, BULK_PREVIEW_NAMES, type BulkJob, type BulkKind, type BulkMessage, type BulkPreview, type BulkSelection } from "@/lib/contract/console/bulk";
import { now } from "../../clock";
import { getDb } from "../../db/client";
import { bulkJobItems, bulkJobs, users } from "../../db/schema";
import type { Actor } from "./audit";
import { ConsoleError } from "./input";
import { checkedMessage, type CheckedMessage } from "./messages";
import { selectionWhere as whereOf } from "./user-search-filters";

/**
 * Bulk jobs over users (docs/operators.md "Bulk jobs"): what a selection holds (the preview), a
 * job made from it with the selection frozen as ids (a search is resolved when the job is made,
 * so accounts that match later are not touched), the list and the cancel. bulk-runner.ts works
 * the jobs through. The console may not make a job of more than BULK_CONSOLE_MAX accounts; the
 * command line (`users:bulk`) passes `limit: null`.
 */

/** How many accounts (counted up to limit + 1: past the limit the exact figure is not needed) and the first ones' emails. */
export async function previewBulk(selection: BulkSelection, limit: number | null = BULK_CONSOLE_MAX): Promise<BulkPreview> {
  const db = await getDb();
  const where = await whereOf(selection);
  const matching = db.select({ one: sql`1`.as("one") }).from(users).where(where);
  const [counted, first] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from((limit === null ? matching : matching.limit(limit + 1)).as("matches")),
    db.select({ email: users.email }).from(users).where(where).orderBy(asc(users.email)).limit(BULK_PREVIEW_NAMES),
  ]);
  const count = Number(counted[0]?.n ?? 0);
  const max = limit ?? count;
  return { count, first: first.map((row) => row.email), limit: max, overLimit: count > max };
}

function payloadOf(kind: BulkKind, message: BulkMessage | undefined): CheckedMessage | null {
  if (kind !== "message") return null;
  if (!message) throw new ConsoleError("badTexts", 400, "texts");
  const texts = { en: { name: message.texts.en.title, content: message.texts.en.body }, zh: { name: message.texts.zh.title, content: message.texts.zh.body } };
  return checkedMessage({ appCode: message.appCode, category: message.category, texts });
}

/**
 * A new job, queued: the selection's ids copied into bulk_job_items in one INSERT … SELECT (a
 * million accounts from the command line never pass through this process). Refused with
 * `bulkTooMany` over the limit and `bulkEmpty` when nothing is selected; nothing is written then.
 */
export async function createBulkJob(input: { kind: BulkKind; selection: BulkSelection; reason: string; message?: BulkMessage; who: Actor; limit?: number | null }): Promise<BulkJob> {
  const limit = input.limit === undefined ? BULK_CONSOLE_MAX : input.limit;
  const payload = payloadOf(input.kind, input.message);
  const preview = await previewBulk(input.selection, limit);
  if (preview.overLimit) throw new ConsoleError("bulkTooMany", 400, "selection");
  if (preview.count === 0) throw new ConsoleError("bulkEmpty", 400, "selection");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(bulkJobs)
      .values({ kind: input.kind, status: "queued", payload, total: 0, reason: input.reason, operator: input.who.actor.slice(0, 254), operatorId: input.who.operatorId, createdAt: now() })
      .returning();
    if (!job) throw new Error("insert returned no row");
    const where = await whereOf(input.selection);
    await tx.insert(bulkJobItems).select(
      tx
        .select({ jobId: sql`${job.id}::uuid`.as("job_id"), position: sql<number>`(row_number() over (order by ${users.id}) - 1)::int`.as("position"), userId: users.id })
        .from(users)
        .where(where),
    );
    const [counted] = await tx.select({ n: sql<number>`count(*)::int` }).from(bulkJobItems).where(eq(bulkJobItems.jobId, job.id));
    const total = Number(counted?.n ?? 0);
    // accounts may have appeared between the count and the copy: the limit holds on what was copied
    if (limit !== null && total > limit) throw new ConsoleError("bulkTooMany", 400, "selection");
    const [saved] = await tx.update(bulkJobs).set({ total }).where(eq(bulkJobs.id, job.id)).returning();
    if (!saved) throw new Error("update returned no row");
    return jobOf(saved);
  });
}

type JobRow = typeof bulkJobs.$inferSelect;
export function jobOf(row: JobRow): BulkJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    total: row.total,
    done: row.done,
    failed: row.failed,
    reason: row.reason,
    operator: row.operator,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

export const BULK_LIST_SIZE = 20;

/** The newest jobs first. */
export async function listBulkJobs(): Promise<BulkJob[]> {
  const db = await getDb();
  const rows = await db.select().from(bulkJobs).orderBy(desc(bulkJobs.createdAt)).limit(BULK_LIST_SIZE);
  return rows.map(jobOf);
}

export async function readBulkJob(id: string): Promise<BulkJob | null> {
  const db = await getDb();
  const [row] = await db.select().from(bulkJobs).where(eq(bulkJobs.id, id)).limit(1);
  return row ? jobOf(row) : null;
}

/**
 * Cancels a queued or running job: its runner sees the status at its next account (each account's
 * step is conditional on `running`) and stops; what was done stays done. 404 for no such job,
 * 409 `bulkFinished` for one that has ended.
 */
export async function cancelBulkJob(id: string): Promise<BulkJob> {
  const db = await getDb();
  const [row] = await db
    .update(bulkJobs)
    .set({ status: "cancelled", finishedAt: now(), leaseOwner: null, leaseUntil: null })
    .where(and(eq(bulkJobs.id, id), inArray(bulkJobs.status, ["queued", "running"])))
    .returning();
  if (row) return jobOf(row);
  if (!(await readBulkJob(id))) throw new ConsoleError("notFound", 404);
  throw new ConsoleError("bulkFinished", 409);
}
