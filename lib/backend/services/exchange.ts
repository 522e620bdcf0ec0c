import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { ExchangeList, RedemptionItem } from "@/lib/contract/exchange";
import { canonicalRedeemCode } from "@/lib/contract/rules";
import { now } from "../clock";
import { getDb } from "../db/client";
import { exchangeBatches, exchangeCodes } from "../db/schema";
import { ErrorCode, ServiceError, throttled } from "../errors";
import type { Lang } from "../lang";
import { log } from "../log";
import { isOver, rateLimit, type LimitPolicy } from "../ratelimit";
import { codeHash, codeKeys } from "./exchange-codes";
import { LIMITS } from "./limits";
import { assertIpAllowed } from "./protection";
import { ipLimitKey } from "./ip-key";
import { redeemTicket } from "./tickets";
import type { UserRow } from "./users";

/**
 * Server exchange: redeeming a code and the history of what a user redeemed. A redemption is
 * one conditional UPDATE … RETURNING (unused, not revoked, still valid), so a code is redeemed
 * exactly once however many requests race for it. Every refusal of a code is the same 20501,
 * counted against the account and the IP; past their limits the caller waits (429).
 */
type CodeRow = typeof exchangeCodes.$inferSelect;
type BatchRow = typeof exchangeBatches.$inferSelect;

function toItem(code: CodeRow, batch: BatchRow, lang: Lang, at: Date): RedemptionItem {
  const effect = code.redeemedAt ?? at;
  const expire = code.expireAt ?? effect;
  return {
    id: code.id,
    benefit: lang === "zh" ? batch.benefitZh : batch.benefitEn,
    effectTime: effect.toISOString(),
    expireTime: expire.toISOString(),
    status: expire > at ? "succeeded" : "expired",
    code: code.redeemedCode ?? "",
  };
}

async function assertUnder(policy: LimitPolicy, key: string | null): Promise<void> {
  if (key === null) return;
  const usage = await (await rateLimit(policy)).peek(key);
  if (usage && usage.used >= policy.points) throw throttled(usage.resetInMs);
}

async function countFailure(user: UserRow, ip: string | null): Promise<void> {
  const perUser = await (await rateLimit(LIMITS.redeemFailuresPerUser)).hit(user.id);
  const ipKey = ipLimitKey(ip);
  const perIp = ipKey ? await (await rateLimit(LIMITS.redeemFailuresPerIp)).hit(ipKey) : null;
  if (isOver(perUser, LIMITS.redeemFailuresPerUser) || (perIp && isOver(perIp, LIMITS.redeemFailuresPerIp))) {
    log().warn({ uid: user.id, ip }, "redemption attempts over the limit");
  }
}

/**
 * Redeem a code for the user, in this order: a banned IP (20104); the wrong-code limits of the
 * account and the IP (429); the human-verification ticket for scene "redeem" and the account's
 * email (20106/20107, spent here); then the code itself (20501 for any bad code).
 */
export async function redeemCode(input: { user: UserRow; code: string; ticket: string | undefined; ip: string | null; lang: Lang }): Promise<RedemptionItem> {
  const { user, ip } = input;
  await assertIpAllowed(ip);
  await assertUnder(LIMITS.redeemFailuresPerUser, user.id);
  await assertUnder(LIMITS.redeemFailuresPerIp, ipLimitKey(ip));
  await redeemTicket({ scene: "redeem", email: user.email, ticket: input.ticket });
  const code = canonicalRedeemCode(input.code);
  const keys = await codeKeys();
  const db = await getDb();
  const at = now();
  const [redeemed] = await db
    .update(exchangeCodes)
    .set({
      redeemedBy: user.id,
      redeemedAt: at,
      redeemedCode: code,
      expireAt: sql`${at.toISOString()}::timestamptz + ${exchangeCodes.benefitDays} * interval '1 day'`,
    })
    .where(
      and(
        eq(exchangeCodes.codeHash, codeHash(keys, code)),
        isNull(exchangeCodes.redeemedAt),
        isNull(exchangeCodes.revokedAt),
        gt(exchangeCodes.validUntil, at),
      ),
    )
    .returning();
  if (!redeemed) {
    await countFailure(user, ip);
    throw new ServiceError(ErrorCode.invalidRedemptionCode);
  }
  const [batch] = await db.select().from(exchangeBatches).where(eq(exchangeBatches.id, redeemed.batchId)).limit(1);
  if (!batch) throw new Error("a code without its batch");
  log().info({ uid: user.id, batch: batch.id }, "code redeemed");
  return toItem(redeemed, batch, input.lang, at);
}

/** One page of the user's redemptions, newest first. */
export async function redemptionHistory(user: UserRow, query: { page: number; pageSize: number }, lang: Lang): Promise<ExchangeList> {
  const db = await getDb();
  const at = now();
  const mine = eq(exchangeCodes.redeemedBy, user.id);
  const [total] = await db.select({ value: count() }).from(exchangeCodes).where(mine);
  const rows = await db
    .select({ code: exchangeCodes, batch: exchangeBatches })
    .from(exchangeCodes)
    .innerJoin(exchangeBatches, eq(exchangeBatches.id, exchangeCodes.batchId))
    .where(mine)
    .orderBy(desc(exchangeCodes.redeemedAt), desc(exchangeCodes.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    list: rows.map((row) => toItem(row.code, row.batch, lang, at)),
    total: total?.value ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
