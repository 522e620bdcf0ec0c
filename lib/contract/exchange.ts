import { z } from "zod";
import { fieldFromRule } from "./fields";
import { REDEEM_CODE_LENGTH, REDEEM_CODE_RULE } from "./rules";

/**
 * Server exchange (SPEC §3, §5, §7), user service `/v1/exchange`. A signed-in user redeems a
 * 16-character code an operator issued; the history lists what they redeemed. Every bad code
 * (unknown, used, revoked, past its validity) is the one answer 20501.
 */
export { REDEEM_CODE_LENGTH };

export const redeemCodeField = fieldFromRule(REDEEM_CODE_RULE);

export const EXCHANGE_PAGE_SIZES = [10, 20, 50] as const;
export const EXCHANGE_PAGE_SIZE_MAX = 50;

// GET /v1/exchange/list?page=1&pageSize=10 — newest first
export const exchangeListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(EXCHANGE_PAGE_SIZE_MAX).default(10),
});

export const redemptionStatusSchema = z.enum(["succeeded", "expired"]);
export type RedemptionStatus = z.infer<typeof redemptionStatusSchema>;

export const redemptionItem = z.object({
  id: z.string(),
  /** the benefit's name in the `lang` header's language */
  benefit: z.string(),
  /** when the code was redeemed (ISO 8601); the benefit runs from then */
  effectTime: z.string(),
  /** when the benefit ends (ISO 8601) */
  expireTime: z.string(),
  /** succeeded while the benefit runs, expired after expireTime */
  status: redemptionStatusSchema,
  /** the redeemed code, upper case */
  code: z.string(),
});
export type RedemptionItem = z.infer<typeof redemptionItem>;

export const exchangeListResponse = z.object({
  list: z.array(redemptionItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ExchangeList = z.infer<typeof exchangeListResponse>;

// POST /v1/exchange/effect — the code and a human-verification ticket (scene "redeem", the user's email)
export const redeemRequest = z.object({
  code: redeemCodeField,
  ticket: z.string().max(4096).optional(),
});
export const redeemResponse = redemptionItem;
