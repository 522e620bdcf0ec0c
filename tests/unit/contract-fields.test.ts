import * as contract from "@/lib/contract/fields";
import * as forms from "@/lib/validation/fields";

/** The services' fields (classic zod) and the forms' checks are built from one set of rules. */
const samples: Record<"emailField" | "passwordField" | "loginPasswordField" | "codeField" | "enterpriseAccountField", unknown[]> = {
  emailField: ["ada@example.com", "  Ada@Example.com ", "", "   ", "nope", "a@b", "a..b@example.com", ".a@example.com", "a@-x.com", "o'neil+tag@mail.example.org", `${"a".repeat(250)}@x.io`, 42],
  passwordField: ["secret1", "12345", "x".repeat(20), "x".repeat(21), "", null],
  loginPasswordField: ["1", "", "x".repeat(128), "x".repeat(129)],
  codeField: ["123456", " 123456 ", "12345", "abcdef", ""],
  enterpriseAccountField: ["ACME-01", "a.b_c", "-bad", "", "x".repeat(65)],
};

describe("one rule for the services and the forms", () => {
  for (const [name, values] of Object.entries(samples) as [keyof typeof samples, unknown[]][]) {
    it(`${name} gives the same verdict and message on both sides`, () => {
      for (const value of values) {
        const server = contract[name].safeParse(value);
        const client = forms[name](value);
        expect({ value, ok: client.ok, data: client.ok ? client.value : undefined, message: client.ok ? undefined : client.message }).toEqual({
          value,
          ok: server.success,
          data: server.data,
          message: server.error?.issues[0]?.message,
        });
      }
    });
  }
});
