import { enterpriseLoginSchema, findPasswordSchema, loginCodeSchema, newPasswordSchema, registerSchema } from "@/lib/validation/auth";
import { changePasswordSchema as enterprisePasswordSchema } from "@/lib/validation/security";

describe("register form rules (SPEC §5)", () => {
  const valid = { email: "ada@example.com", code: "123456", password: "secret1", confirmPassword: "secret1", agree: true };

  it("accepts a complete form", () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });

  it("asks for the same password twice", () => {
    const result = registerSchema.safeParse({ ...valid, confirmPassword: "secret2" });
    expect(result.error?.issues.map((i) => i.message)).toEqual(["passwordsMismatch"]);
  });

  it("rejects passwords shorter than 6 or longer than 20 characters", () => {
    for (const password of ["12345", "x".repeat(21)]) {
      const result = registerSchema.safeParse({ ...valid, password, confirmPassword: password });
      expect(result.error?.issues[0]?.message).toBe("passwordLength");
    }
  });

  it("requires a valid email and the agreement", () => {
    const result = registerSchema.safeParse({ ...valid, email: "nope", agree: false });
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual(["agreementRequired", "emailInvalid"]);
  });
});

describe("sign-in and recovery form rules (SPEC §5)", () => {
  it("code login needs a valid email and the 6-digit code", () => {
    expect(loginCodeSchema.safeParse({ email: "ada@example.com", code: "123456", remember: true }).success).toBe(true);
    const result = loginCodeSchema.safeParse({ email: "", code: "", remember: false });
    const first = (field: string) => result.error?.issues.find((i) => i.path[0] === field)?.message;
    expect([first("email"), first("code")]).toEqual(["emailRequired", "codeRequired"]);
  });

  it("password recovery asks for the same new password twice, 6 to 20 characters", () => {
    const valid = { email: "ada@example.com", code: "123456", password: "secret1", confirmPassword: "secret1" };
    expect(findPasswordSchema.safeParse(valid).success).toBe(true);
    expect(findPasswordSchema.safeParse({ ...valid, confirmPassword: "secret2" }).error?.issues.map((i) => i.message)).toEqual(["passwordsMismatch"]);
    expect(newPasswordSchema.safeParse({ password: "12345", confirmPassword: "12345" }).error?.issues[0]?.message).toBe("passwordLength");
  });

  it("enterprise login needs an account ID of letters, digits, dot, dash or underscore", () => {
    const valid = { account: "ACME-01", email: "boss@acme.test", password: "x", remember: false };
    expect(enterpriseLoginSchema.safeParse(valid).success).toBe(true);
    expect(enterpriseLoginSchema.safeParse({ ...valid, account: " " }).error?.issues[0]?.message).toBe("accountRequired");
    expect(enterpriseLoginSchema.safeParse({ ...valid, account: "acme lasers" }).error?.issues[0]?.message).toBe("accountInvalid");
  });

  it("the enterprise password change needs the current password and a confirmed new one", () => {
    const result = enterprisePasswordSchema.safeParse({ oldPassword: "", password: "New-pass1", confirmPassword: "New-pass2", signOutOthers: true });
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual(["passwordRequired", "passwordsMismatch"]);
    expect(enterprisePasswordSchema.safeParse({ oldPassword: "old", password: "New-pass1", confirmPassword: "New-pass2", signOutOthers: true }).error?.issues[0]?.message).toBe(
      "passwordsMismatch",
    );
  });
});
