import * as contract from "@/lib/contract/fields";
import { characterCount } from "@/lib/contract/rules";
import * as forms from "@/lib/validation/fields";
import { newPasswordSchema } from "@/lib/validation/auth";
import { changePasswordRequest } from "@/lib/contract/user";
import { registerRequest } from "@/lib/contract/passport";

/**
 * SPEC §5: a password has 6 to 20 characters. One count (lib/contract/rules.ts, code points in
 * NFC) for the forms and the services, tried on the texts where `.length`, code points and what
 * a reader sees differ.
 */
const GRIN = "😀"; // U+1F600, two UTF-16 units
const EXT_B = "𠀀"; // U+20000, a CJK extension B ideograph, two UTF-16 units
const E_ACUTE_NFD = "e\u0301"; // e + combining acute: NFC makes it one code point (é)
const Q_DOT = "q\u0307"; // q + combining dot above: no composed form, two code points in NFC too
const HAN_NFD = "\u1112\u1161\u11AB"; // 한 as three jamo: NFC composes one syllable
const FAMILY = "👨‍👩‍👧"; // three people joined by two zero-width joiners: five code points

const cases: Array<[label: string, password: string, characters: number]> = [
  ["three emoji (six UTF-16 units)", GRIN.repeat(3), 3],
  ["six emoji", GRIN.repeat(6), 6],
  ["eleven emoji (22 UTF-16 units)", GRIN.repeat(11), 11],
  ["twenty emoji", GRIN.repeat(20), 20],
  ["twenty-one emoji", GRIN.repeat(21), 21],
  ["five CJK extension B ideographs", EXT_B.repeat(5), 5],
  ["twenty CJK extension B ideographs", EXT_B.repeat(20), 20],
  ["six decomposed é (twelve code points in NFD)", E_ACUTE_NFD.repeat(6), 6],
  ["the same six é composed", E_ACUTE_NFD.repeat(6).normalize("NFC"), 6],
  ["twenty decomposed é", E_ACUTE_NFD.repeat(20), 20],
  ["ten q with a dot above (no composed form)", Q_DOT.repeat(10), 20],
  ["eleven q with a dot above", Q_DOT.repeat(11), 22],
  ["seven Hangul syllables typed as jamo", HAN_NFD.repeat(7), 7],
  ["a family emoji and a letter", `${FAMILY}a`, 6],
  ["a family emoji alone", FAMILY, 5],
];

describe("characterCount: the contract's one way to count a password", () => {
  it.each(cases)("%s (%j) counts %i", (_label, password, characters) => {
    expect(characterCount(password)).toBe(characters);
  });
});

describe("passwords of astral, combining and decomposed characters", () => {
  it.each(cases)("%s: the form and the services give the same verdict, by the 6–20 rule", (_label, password, characters) => {
    const allowed = characters >= 6 && characters <= 20;
    const server = contract.passwordField.safeParse(password);
    const client = forms.passwordField(password);
    expect(server.success).toBe(allowed);
    expect(client.ok).toBe(allowed);
    if (!allowed) {
      expect(server.error?.issues[0]?.message).toBe("passwordLength");
      expect(client.ok ? undefined : client.message).toBe("passwordLength");
    }
  });

  it("the password a form sends is the one the services check: nothing is rewritten on the way", () => {
    const password = E_ACUTE_NFD.repeat(6);
    expect(forms.passwordField(password)).toEqual({ ok: true, value: password });
    expect(contract.passwordField.parse(password)).toBe(password);
  });

  it("the new-password form and the API's request schemas take eleven emoji and refuse three", () => {
    for (const [password, ok] of [
      [GRIN.repeat(11), true],
      [GRIN.repeat(3), false],
    ] as const) {
      expect(newPasswordSchema.safeParse({ password, confirmPassword: password }).success).toBe(ok);
      expect(changePasswordRequest.safeParse({ oldPassword: "old-pass1", newPassword: password }).success).toBe(ok);
      expect(registerRequest.safeParse({ email: "ada@example.com", password, captcha: "123456", nonce: "n".repeat(43) }).success).toBe(ok);
    }
  });

  it("a password confirmed with its accents typed the other way is the same password; another one is not", () => {
    const composed = E_ACUTE_NFD.repeat(6).normalize("NFC");
    expect(newPasswordSchema.safeParse({ password: E_ACUTE_NFD.repeat(6), confirmPassword: composed }).success).toBe(true);
    expect(newPasswordSchema.safeParse({ password: composed, confirmPassword: "e".repeat(6) }).error?.issues[0]?.message).toBe("passwordsMismatch");
  });

  it("a sign-in password is only capped, at 128 characters counted the same way", () => {
    expect(contract.loginPasswordField.safeParse(GRIN.repeat(128)).success).toBe(true);
    expect(forms.loginPasswordField(GRIN.repeat(128)).ok).toBe(true);
    expect(contract.loginPasswordField.safeParse(GRIN.repeat(129)).success).toBe(false);
    expect(forms.loginPasswordField(GRIN.repeat(129)).ok).toBe(false);
  });
});
