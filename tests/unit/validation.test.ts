import { registerSchema } from "@/lib/validation/auth";

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
