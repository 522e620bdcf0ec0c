import { redeemFormSchema } from "@/lib/validation/exchange";
import { snPasswordFormSchema } from "@/lib/validation/training";

/** The redemption code and device SN rules of SPEC §5, as the forms apply them. */
function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? "?");
}

describe("redemption code", () => {
  it.each([
    ["", "redeemCodeRequired"],
    ["   ", "redeemCodeRequired"],
    ["ABC123", "redeemCodeInvalid"],
    ["ABCDEFGHJKLMNPQRS", "redeemCodeInvalid"],
    ["ABCD-EFGH-JKLM-NP", "redeemCodeInvalid"],
    ["abcdefghjklmnpqr", null],
    [" 23456789ABCDEFGH ", null],
  ])("%p → %p", (code, message) => {
    expect(firstMessage(redeemFormSchema.safeParse({ code }))).toBe(message);
  });
});

describe("device SN", () => {
  const sn = "XTW1200A2026B0000000001";
  it.each([
    ["", "snRequired"],
    [sn.slice(0, 22), "snLength"],
    [`${sn}1`, "snLength"],
    [`${sn.slice(0, 22)}!`, "snFormat"],
    [`${sn.slice(0, 22)}中`, "snFormat"],
    [sn.toLowerCase(), null],
    [` ${sn} `, null],
  ])("%p → %p", (value, message) => {
    expect(firstMessage(snPasswordFormSchema.safeParse({ sn: value, power: "1200W" }))).toBe(message);
  });

  it("the light source is 1200W or 800W", () => {
    expect(snPasswordFormSchema.safeParse({ sn, power: "800W" }).success).toBe(true);
    expect(firstMessage(snPasswordFormSchema.safeParse({ sn, power: "1000W" }))).toBe("lightSourceRequired");
  });
});
