import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { addSeconds, now } from "../../clock";
import { getDb, inTransaction } from "../../db/client";
import { bulkJobItems, bulkJobs } from "../../db/schema";
import { ServiceError } from "../../errors";
import { describeFault, log } from "../../log";
import { ConsoleError } from "./input";
import { sendMessageToUser, type CheckedMessage } from "./messages";
import { endSessions, setStatus } from "./user-actions";
import { userRowById } from "./user-detail";

/**
 * Works bulk jobs through (bulk-jobs.ts makes them). Every instance runs one (startBulkRunner,
 * from lifecycle.ts); a runner claims a job whose lease is free or ran out, then handles its
 * accounts in position order, BATCH at a time. Each account is one transaction: the per-user
 * service (the same as the console's user page: sessions, app grants, account events, notices)
 * and the job's step (done or failed + 1, the lease renewed), the step conditional on this runner
 * still holding the lease, the job still running and the cursor where it read it. So a runner
 * whose lease ran out (its instance paused or died) undoes its last account instead of doubling
 * it, and the next runner starts at the first account not yet counted.
 *
 * Audit: the job's one row is written when it is made (the console route or `users:bulk`), with
 * its reason, kind and count. The per-user services write no audit row themselves (the user
 * page's routes do), so an account's action is not audited again; its outcome is in the counts.
 */
export const BULK_LEASE_SECONDS = 30;
export const BULK_BATCH = 50;

type JobRow = typeof bulkJobs.$inferSelect;

class LeaseLost extends Error {
  constructor() {
    super("bulk job lease lost");
    this.name = "LeaseLost";
  }
}

export function runnerName(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** Takes the oldest open job (or the one named) whose lease is free or expired; null when there is none. */
export async function claimBulkJob(owner: string, only?: string): Promise<JobRow | null> {
  const db = await getDb();
  const at = now();
  const [claimed] = await db
    .update(bulkJobs)
    .set({ status: "running", leaseOwner: owner, leaseUntil: addSeconds(at, BULK_LEASE_SECONDS), heartbeatAt: at, startedAt: sql`coalesce(${bulkJobs.startedAt}, ${at.toISOString()}::timestamptz)` })
    .where(
      eq(
        bulkJobs.id,
        sql`(select "id" from "bulk_jobs" where "status" in ('queued', 'running') and ${only ? sql`"id" = ${only}::uuid and` : sql``} ("lease_until" is null or "lease_until" < ${at.toISOString()}::timestamptz) order by "created_at" limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return claimed ?? null;
}

async function act(job: JobRow, userId: string): Promise<void> {
  switch (job.kind) {
    case "end-sessions":
      await endSessions(userId, undefined);
      return;
    case "ban":
      await setStatus(userId, "banned");
      return;
    case "unban":
      await setStatus(userId, "active");
      return;
    case "message":
      await sendMessageToUser(await userRowById(userId), job.payload as CheckedMessage);
      return;
  }
}

/** One account counted (done or failed) at `position`, the lease renewed; LeaseLost when the job is no longer this runner's. */
async function step(job: JobRow, owner: string, position: number, outcome: "done" | "failed"): Promise<void> {
  const db = await getDb();
  const at = now();
  const counter = outcome === "done" ? { done: sql`${bulkJobs.done} + 1` } : { failed: sql`${bulkJobs.failed} + 1` };
  const moved = await db
    .update(bulkJobs)
    .set({ ...counter, leaseUntil: addSeconds(at, BULK_LEASE_SECONDS), heartbeatAt: at })
    .where(and(eq(bulkJobs.id, job.id), eq(bulkJobs.leaseOwner, owner), eq(bulkJobs.status, "running"), sql`${bulkJobs.done} + ${bulkJobs.failed} = ${position}`))
    .returning({ id: bulkJobs.id });
  if (moved.length === 0) throw new LeaseLost();
}

const isRefusal = (error: unknown) => error instanceof ServiceError || error instanceof ConsoleError;

async function handle(job: JobRow, owner: string, position: number, userId: string): Promise<void> {
  try {
    await inTransaction(async () => {
      await act(job, userId);
      await step(job, owner, position, "done");
    });
  } catch (error) {
    if (error instanceof LeaseLost) throw error;
    if (!isRefusal(error)) log().warn({ event: "bulk job account failed", job: job.id, err: describeFault(error) }, "a bulk job's action failed on one account; counted as failed");
    await step(job, owner, position, "failed");
  }
}

async function finish(job: JobRow, owner: string): Promise<void> {
  const db = await getDb();
  await db
    .update(bulkJobs)
    .set({ status: sql`case when ${bulkJobs.done} = 0 and ${bulkJobs.failed} > 0 then 'failed' else 'done' end`, finishedAt: now(), leaseOwner: null, leaseUntil: null })
    .where(and(eq(bulkJobs.id, job.id), eq(bulkJobs.leaseOwner, owner), eq(bulkJobs.status, "running")));
}

/**
 * Claims one job and works it through, `batchSize` accounts per read; stops after `maxBatches`
 * (tests stand for a runner that dies mid-way with it), when the lease is lost or the job
 * cancelled. Returns the job's id, or null when there was nothing to claim.
 */
export async function runBulkJob(owner: string, options: { batchSize?: number; maxBatches?: number; only?: string; onBatch?: (jobId: string) => Promise<void> } = {}): Promise<string | null> {
  const job = await claimBulkJob(owner, options.only);
  if (!job) return null;
  const batchSize = options.batchSize ?? BULK_BATCH;
  const db = await getDb();
  let cursor = job.done + job.failed;
  for (let batch = 0; batch < (options.maxBatches ?? Infinity); batch++) {
    const items = await db
      .select({ position: bulkJobItems.position, userId: bulkJobItems.userId })
      .from(bulkJobItems)
      .where(and(eq(bulkJobItems.jobId, job.id), gte(bulkJobItems.position, cursor)))
      .orderBy(asc(bulkJobItems.position))
      .limit(batchSize);
    if (items.length === 0) {
      await finish(job, owner);
      return job.id;
    }
    try {
      for (const item of items) {
        await handle(job, owner, item.position, item.userId);
        cursor = item.position + 1;
      }
    } catch (error) {
      if (error instanceof LeaseLost) return job.id;
      throw error;
    }
    await options.onBatch?.(job.id);
  }
  return job.id;
}

/** The runner of this instance: every `everySeconds`, the open jobs one after another until none is left to claim. */
export function startBulkRunner(everySeconds = 2): () => void {
  const owner = runnerName();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    void (async () => {
      try {
        let worked = await runBulkJob(owner);
        while (worked) worked = await runBulkJob(owner);
      } catch (error) {
        log().warn({ err: describeFault(error) }, "the bulk job runner failed; trying again at the next run");
      } finally {
        running = false;
      }
    })();
  }, everySeconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
