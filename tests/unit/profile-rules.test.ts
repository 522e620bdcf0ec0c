import { birthdayRequest, countryRequest, genderRequest, otherInfoRequest, regionListResponse, sessionLogResponse } from "@/lib/contract/user";
import { userFullInfoResponse } from "@/lib/contract/passport";
import { birthdaySchema, countrySchema, genderSchema, otherInfoSchema, todayIso } from "@/lib/validation/profile";
import { regionListAnswer, sessionLogAnswer, userFullInfoAnswer } from "@/lib/validation/answers";

/** The profile forms check the contract's rules without zod: the same verdicts and message keys as the services' schemas. */
type Schema = { safeParse(input: unknown): { success: boolean; data?: unknown; error?: { issues: readonly { message: string }[] } } };

function verdict(schema: Schema, input: unknown) {
  const result = schema.safeParse(input);
  return { ok: result.success, data: result.success ? result.data : undefined, message: result.success ? undefined : result.error?.issues[0]?.message };
}

describe("the profile forms and the services agree", () => {
  it("nickname and introduction: trimmed, empty allowed, too long refused with its key", () => {
    const samples = [
      { nickname: "Ada", introduction: "" },
      { nickname: "  Ada  ", introduction: "  hello " },
      { nickname: "x".repeat(32), introduction: "y".repeat(200) },
      { nickname: "x".repeat(33), introduction: "" },
      { nickname: "", introduction: "y".repeat(201) },
    ];
    for (const sample of samples) expect(verdict(otherInfoSchema, sample)).toEqual(verdict(otherInfoRequest, sample));
  });

  it("gender: male or female, anything else asks to choose", () => {
    for (const sample of [{ gender: "male" }, { gender: "female" }, { gender: "other" }, {}, { gender: null }]) {
      expect(verdict(genderSchema, sample)).toEqual(verdict(genderRequest, sample));
    }
  });

  it("country: a chosen country, its region or none", () => {
    for (const sample of [{ country: 156, region: 3 }, { country: 156, region: null }, { country: 0, region: null }, { country: 1.5, region: null }, { country: 4, region: -1 }]) {
      expect(verdict(countrySchema, sample).ok).toBe(verdict(countryRequest, sample).ok);
    }
    expect(verdict(countrySchema, { country: 0, region: null }).message).toBe("countryRequired");
  });

  it("birthday: typed dates become YYYY-MM-DD the services store; impossible, early and future dates are refused", () => {
    expect(verdict(birthdaySchema, { birthday: "2000/1/2" })).toEqual({ ok: true, data: { birthday: "2000-01-02" }, message: undefined });
    expect(verdict(birthdaySchema, { birthday: " 1990.12.31 " })).toEqual({ ok: true, data: { birthday: "1990-12-31" }, message: undefined });
    expect(verdict(birthdaySchema, { birthday: "" }).message).toBe("birthdayRequired");
    expect(verdict(birthdaySchema, {}).message).toBe("birthdayRequired");
    expect(verdict(birthdaySchema, { birthday: "2001-02-29" }).message).toBe("birthdayInvalid");
    expect(verdict(birthdaySchema, { birthday: "1899-12-31" }).message).toBe("birthdayInvalid");
    expect(verdict(birthdaySchema, { birthday: "next week" }).message).toBe("birthdayInvalid");
    const tomorrow = todayIso(new Date(Date.now() + 86_400_000));
    expect(verdict(birthdaySchema, { birthday: tomorrow }).message).toBe("birthdayFuture");
    for (const birthday of ["2000-01-02", "1900-01-01", "2001-02-29", "1899-12-31"]) {
      expect(verdict(birthdaySchema, { birthday }).ok).toBe(verdict(birthdayRequest, { birthday }).ok);
    }
  });
});

describe("the browser's checks of the portal's answers agree with the contract", () => {
  const user = { uid: "u-1", email: "ada@example.com", nickname: null, headpic: null, enterpriseUser: null, introduction: null, gender: "female", birthday: "2000-01-02", country: 156, region: null, countryRegion: "China", createdAt: "2026-01-01T00:00:00Z" };
  const session = { id: "s-1", ip: null, location: null, firstLogin: "a", lastLogin: "b", application: null, platform: "web-pc", os: null, current: true };

  it("accept what the contract accepts and refuse what it refuses", () => {
    const pairs: [Schema, Schema, unknown[]][] = [
      [userFullInfoAnswer, userFullInfoResponse, [user, { ...user, enterpriseUser: { uid: "e", account: "acme", name: "Acme", defaultPassword: true } }, { ...user, gender: "x" }, { ...user, country: "156" }, { ...user, email: undefined }, null]],
      [regionListAnswer, regionListResponse, [[], [{ id: 1, name: "Germany" }], [{ id: "1", name: "Germany" }], { id: 1 }]],
      [sessionLogAnswer, sessionLogResponse, [{ list: [session], total: 1, page: 1, pageSize: 10 }, { list: [{ ...session, provider: "google" }], total: 1, page: 1, pageSize: 10 }, { list: [{ ...session, app: "Welder Studio" }, { ...session, app: null }], total: 2, page: 1, pageSize: 10 }, { list: [{ ...session, platform: "tv" }], total: 1, page: 1, pageSize: 10 }, { list: [], total: "1", page: 1, pageSize: 10 }]],
    ];
    for (const [browser, contract, samples] of pairs) {
      for (const sample of samples) {
        const mine = browser.safeParse(sample);
        const theirs = contract.safeParse(sample);
        expect({ sample, ok: mine.success, data: mine.data }).toEqual({ sample, ok: theirs.success, data: theirs.data });
      }
    }
  });
});
