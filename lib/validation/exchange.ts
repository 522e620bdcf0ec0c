import * as z from "zod/mini";
import { redeemCodeChecks } from "@/lib/contract/rules";

/** The redemption form (SPEC §5): the code, 16 letters and digits in any case. */
export { canonicalRedeemCode, REDEEM_CODE_LENGTH } from "@/lib/contract/rules";

export const redeemFormSchema = z.object({ code: z.string({ error: "redeemCodeRequired" }).check(...redeemCodeChecks) });
export type RedeemFormInput = z.infer<typeof redeemFormSchema>;

/** Page sizes of the history ('items per page'); the services accept up to 50. */
export const HISTORY_PAGE_SIZES = [10, 20, 50] as const;
export const historyPageQuery = z.object({
  page: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)),
  pageSize: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50)),
});
