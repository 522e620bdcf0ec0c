import zh from "@/messages/zh.json";
import { CODE_PURPOSES } from "@/lib/contract/rules";
import { securityNoticeMail, SECURITY_NOTICE_KINDS } from "@/lib/backend/mail/security-notice";
import { verificationCodeMail } from "@/lib/backend/mail/templates";

/**
 * The Chinese wording is one voice on the pages and in the mails: the polite 您 (never 你),
 * two-step is 两步验证 (never 两步登录), and the product is 通行证 (never "Passport").
 */
const RULES: Array<{ wrong: RegExp; why: string }> = [
  { wrong: /你/, why: "use 您" },
  { wrong: /两步登录/, why: "use 两步验证" },
  { wrong: /Passport/, why: "use 通行证" },
];

function strings(value: unknown, at: string): Array<{ at: string; text: string }> {
  if (typeof value === "string") return [{ at, text: value }];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, inner]) => strings(inner, at ? `${at}.${key}` : key));
  return [];
}

function offences(texts: Array<{ at: string; text: string }>): string[] {
  return texts.flatMap(({ at, text }) => RULES.filter((rule) => rule.wrong.test(text)).map((rule) => `${at}: ${rule.why} in “${text}”`));
}

const at = new Date(Date.UTC(2026, 2, 1, 8));

test("messages/zh.json says 您, 两步验证 and 通行证", () => {
  expect(offences(strings(zh, ""))).toEqual([]);
});

test("every Chinese security notice and code mail says 您, 两步验证 and 通行证", () => {
  const notices = SECURITY_NOTICE_KINDS.map((kind) => {
    const mail = securityNoticeMail({ to: "a@example.com", kind, lang: "zh", at, device: null, location: null, securityUrl: "https://p.test/zh/profile/security", resetUrl: "https://p.test/zh/findpwd" });
    return { at: kind, text: `${mail.subject}\n${mail.text}` };
  });
  const codes = CODE_PURPOSES.map((purpose) => {
    const mail = verificationCodeMail({ to: "a@example.com", code: "123456", purpose, lang: "zh", validMinutes: 10 });
    return { at: purpose, text: `${mail.subject}\n${mail.text}` };
  });
  expect(offences([...notices, ...codes])).toEqual([]);
});

test("the rules catch what they are for", () => {
  expect(offences([{ at: "x", text: "你的两步登录 Passport" }])).toHaveLength(3);
});
