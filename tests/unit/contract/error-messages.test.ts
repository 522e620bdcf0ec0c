import fs from "node:fs";
import path from "node:path";
import { ErrorCode, type ErrorCodeValue } from "@/lib/contract/errors";
import { ERROR_MESSAGES } from "@/lib/contract/error-messages";
import en from "@/messages/en.json";
import zh from "@/messages/zh.json";

/**
 * Every code the services can answer has its meaning in both languages: the services' own
 * `message` (lib/contract/error-messages.ts, for native apps and direct callers) and the portal's
 * `errors.<code>` (messages/*.json). tests/backend/http.test.ts checks an answer carries it.
 */
const ROOT = path.resolve(__dirname, "../../..");
const codes = Object.values(ErrorCode);
const known = new Set<number>(codes);
const HAN = /\p{Script=Han}/u;

function sources(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sources(full, found);
    else if (/\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

describe("the services' message for every code", () => {
  it.each(codes)("%i has a real English and Chinese text", (code) => {
    const { en: english, zh: chinese } = ERROR_MESSAGES[code];
    expect(english).toMatch(/^[A-Z].*[.]$/);
    expect(english).not.toMatch(/Request failed/i);
    expect(english).not.toMatch(HAN);
    expect(chinese).toMatch(HAN);
    // house wording: 您, never 你; two-step is 两步验证
    expect(chinese).not.toMatch(/你|两步登录/);
  });

  it("the table holds no code that ErrorCode does not name", () => {
    expect(Object.keys(ERROR_MESSAGES).map(Number).filter((code) => !known.has(code))).toEqual([]);
  });

  it("every code the code base answers with is a known code, so the table has its text", () => {
    // names (ErrorCode.stepUpRequired) and bare numbers (`code: 10001`, `new ServiceError(20113`)
    const named = new Set<string>();
    const numbered: { file: string; code: number }[] = [];
    for (const file of [...sources(path.join(ROOT, "lib")), ...sources(path.join(ROOT, "app"))]) {
      const text = fs.readFileSync(file, "utf8");
      for (const match of text.matchAll(/\bErrorCode\.(\w+)/g)) named.add(match[1] ?? "");
      for (const match of text.matchAll(/(?:\bcode: |ServiceError\(|failure\()(\d{4,5})\b/g)) numbered.push({ file: path.relative(ROOT, file), code: Number(match[1]) });
    }
    expect(named.size).toBeGreaterThan(50);
    expect([...named].filter((name) => !(name in ErrorCode))).toEqual([]);
    expect(numbered.length).toBeGreaterThan(0);
    expect(numbered.filter(({ code }) => !known.has(code))).toEqual([]);
  });
});

describe("the portal's translated message for every code", () => {
  const portal: Record<"en" | "zh", Record<string, string>> = { en: en.errors, zh: zh.errors };
  it.each(codes)("%i is under errors.<code> in en.json and zh.json", (code: ErrorCodeValue) => {
    expect(portal.en[String(code)]).toEqual(expect.stringMatching(/\S/));
    expect(portal.zh[String(code)]).toEqual(expect.stringMatching(HAN));
  });
});
