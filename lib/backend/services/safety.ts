import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { PrizeInfo } from "@/lib/contract/safety";
import type { TrainingCourse } from "@/lib/contract/rules";
import { now } from "../clock";
import { getDb, preparedOnce } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { safetyCertificates, safetyProfiles, users } from "../db/schema";
import { ErrorCode, ServiceError } from "../errors";
import { CODE_ALPHABET } from "./exchange-codes";
import type { UserRow } from "./users";

/**
 * Safety training facts: which devices a user has (the device side or an operator says so), and
 * the pre-use training certificates. A course's certificate id is issued when it starts and
 * stays the same until it is completed, so the page can show it and the completion names it.
 */
export type CertificateRow = typeof safetyCertificates.$inferSelect;
const PREFIX: Record<TrainingCourse, string> = { laser: "LS", printer: "PR" };

export async function safetyProfileOf(userId: string): Promise<typeof safetyProfiles.$inferSelect | null> {
  const db = await getDb();
  const [row] = await db.select().from(safetyProfiles).where(eq(safetyProfiles.userId, userId)).limit(1);
  return row ?? null;
}

/** Say which devices a user has; an omitted kind stays as it was. */
export async function setDeviceOwnership(userId: string, input: { laser?: boolean; printer?: boolean }): Promise<{ isHave: boolean; printIsHave: boolean }> {
  const db = await getDb();
  const at = now();
  const set: Partial<typeof safetyProfiles.$inferInsert> = { updatedAt: at };
  if (input.laser !== undefined) set.hasLaser = input.laser;
  if (input.printer !== undefined) set.hasPrinter = input.printer;
  const [row] = await db
    .insert(safetyProfiles)
    .values({ userId, hasLaser: input.laser ?? false, hasPrinter: input.printer ?? false, updatedAt: at })
    .onConflictDoUpdate({ target: safetyProfiles.userId, set })
    .returning();
  if (!row) throw new Error("upsert returned no row");
  return { isHave: row.hasLaser, printIsHave: row.hasPrinter };
}

/** The account a device-side call names by email or uid; unknown → 20202. */
export async function userByEmailOrId(input: { email?: string; uid?: string }): Promise<UserRow> {
  const db = await getDb();
  const where = input.uid ? eq(users.id, input.uid) : eq(users.email, (input.email ?? "").trim().toLowerCase());
  const [row] = await db.select().from(users).where(where).limit(1);
  if (!row) throw new ServiceError(ErrorCode.accountNotFound);
  return row;
}

/**
 * What the training menu shows, in one statement (every signed-in home page asks for it): the
 * account's row with its device facts and its certificates, one row per certificate, or one row
 * of nulls when it has none.
 */
const prizeRows = preparedOnce((db) =>
  db
    .select({ hasLaser: safetyProfiles.hasLaser, hasPrinter: safetyProfiles.hasPrinter, certificate: safetyCertificates })
    .from(users)
    .leftJoin(safetyProfiles, eq(safetyProfiles.userId, users.id))
    .leftJoin(safetyCertificates, eq(safetyCertificates.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare("prize_info"),
);

export async function prizeInfo(user: UserRow): Promise<PrizeInfo> {
  const rows = await prizeRows(await getDb()).execute({ userId: user.id });
  const certificates = new Map(rows.flatMap(({ certificate }) => (certificate ? [[certificate.course, certificate] as const] : [])));
  const laser = certificates.get("laser");
  const printer = certificates.get("printer");
  const profile = rows[0];
  return {
    isFinish: Boolean(laser?.completedAt),
    isHave: profile?.hasLaser ?? false,
    printIsFinish: Boolean(printer?.completedAt),
    printIsHave: profile?.hasPrinter ?? false,
    certId: laser?.certId ?? null,
    printCertId: printer?.certId ?? null,
    finishedAt: laser?.completedAt?.toISOString() ?? null,
    printFinishedAt: printer?.completedAt?.toISOString() ?? null,
  };
}

function newCertId(course: TrainingCourse, at: Date): string {
  const month = at.toISOString().slice(2, 7).replace("-", "");
  const random = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("");
  return `${PREFIX[course]}${month}-${random}`;
}

/** The course's certificate id: the one issued before, or a new one. */
export async function startCourse(user: UserRow, course: TrainingCourse): Promise<{ certId: string; course: TrainingCourse; finished: boolean }> {
  const db = await getDb();
  for (let attempt = 0; attempt < 3; attempt++) {
    const at = now();
    try {
      await db
        .insert(safetyCertificates)
        .values({ userId: user.id, course, certId: newCertId(course, at), startedAt: at })
        .onConflictDoNothing({ target: [safetyCertificates.userId, safetyCertificates.course] });
      break;
    } catch (error) {
      // another user's certificate has that id (1 in 10^12): draw again
      if (!isUniqueViolation(error)) throw error;
    }
  }
  const [row] = await db
    .select()
    .from(safetyCertificates)
    .where(and(eq(safetyCertificates.userId, user.id), eq(safetyCertificates.course, course)))
    .limit(1);
  if (!row) throw new Error("no certificate after insert");
  return { certId: row.certId, course: row.course, finished: row.completedAt !== null };
}

/** Complete the course whose certificate this is (the user's own, started before); done twice, the first date stays. */
export async function completeCourse(user: UserRow, certId: string): Promise<{ certId: string; course: TrainingCourse; completedAt: string }> {
  const db = await getDb();
  const mine = and(eq(safetyCertificates.userId, user.id), eq(safetyCertificates.certId, certId));
  const [row] = await db
    .update(safetyCertificates)
    .set({ completedAt: sql`coalesce(${safetyCertificates.completedAt}, ${now().toISOString()}::timestamptz)` })
    .where(mine)
    .returning();
  if (!row?.completedAt) throw new ServiceError(ErrorCode.trainingNotFinished);
  return { certId: row.certId, course: row.course, completedAt: row.completedAt.toISOString() };
}

/** A completed certificate of the user's, for the PDF; anything else → 20502. */
export async function finishedCertificate(user: UserRow, certId: string): Promise<CertificateRow & { completedAt: Date }> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(safetyCertificates)
    .where(and(eq(safetyCertificates.userId, user.id), eq(safetyCertificates.certId, certId)))
    .limit(1);
  if (!row?.completedAt) throw new ServiceError(ErrorCode.trainingNotFinished);
  return { ...row, completedAt: row.completedAt };
}
