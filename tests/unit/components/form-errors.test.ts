import { applyFieldErrors, validEmailOrMark } from "@/components/auth/form-errors";

describe("showing a failed action on its form", () => {
  it("puts the server's messages on the named fields and ignores others", () => {
    const marked: Array<[string, string]> = [];
    const handled = applyFieldErrors({ code: 10001, fields: { code: "codeInvalid", secret: "x" } }, ["email", "code"], (name, e) =>
      marked.push([name, e.message]),
    );
    expect(handled).toBe(true);
    expect(marked).toEqual([["code", "codeInvalid"]]);
  });

  it("leaves an error that is not about fields to the form-level message", () => {
    const marked: string[] = [];
    expect(applyFieldErrors({ code: 20205 }, ["email"], (name) => marked.push(name))).toBe(false);
    // about a field the form does not show: the form-level message says it
    expect(applyFieldErrors({ code: 10001, fields: { email: "emailInvalid" } }, ["code"], (name) => marked.push(name))).toBe(false);
    expect(marked).toEqual([]);
  });

  it("checks the email before a code is requested", () => {
    const marks: string[] = [];
    let cleared = 0;
    expect(validEmailOrMark("  ada@example.com ", (m) => marks.push(m), () => (cleared += 1))).toBe("ada@example.com");
    expect(validEmailOrMark("ada@", (m) => marks.push(m), () => (cleared += 1))).toBeNull();
    expect(validEmailOrMark("", (m) => marks.push(m), () => (cleared += 1))).toBeNull();
    expect(marks).toEqual(["emailInvalid", "emailRequired"]);
    expect(cleared).toBe(1);
  });
});
