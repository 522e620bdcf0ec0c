import { REDEEM_CODE_RULE } from "@/lib/contract/rules";
import { formSchema, textField, wholeNumber, type Infer } from "./form-schema";

/** The redemption form (SPEC §5): the code, 16 letters and digits in any case. */
export { canonicalRedeemCode, REDEEM_CODE_LENGTH } from "@/lib/contract/rules";

export const redeemFormSchema = formSchema({ code: textField(REDEEM_CODE_RULE) });
export type RedeemFormInput = Infer<typeof redeemFormSchema>;

/** Page sizes of the history ('items per page'); the services accept up to 50. */
export const HISTORY_PAGE_SIZES = [10, 20, 50] as const;
export const historyPageQuery = formSchema({
  page: wholeNumber((n) => n >= 1 && n <= 100_000),
  pageSize: wholeNumber((n) => n >= 1 && n <= 50),
});
