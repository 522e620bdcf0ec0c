import type { CodePurpose } from "@/lib/contract/passport";
import type { Lang } from "../lang";
import type { MailMessage } from "./types";

/** Email texts of the reference services. They live here, not in messages/, which is the portal's. */
type CodeText = { subject: string; action: string };

const CODE_TEXT: Record<Lang, Record<CodePurpose, CodeText>> = {
  en: {
    register: { subject: "Your registration code", action: "create your account" },
    login: { subject: "Your sign-in code", action: "sign in" },
    findpwd: { subject: "Your password reset code", action: "reset your password" },
    delete: { subject: "Your account deletion code", action: "delete your account permanently" },
    device: { subject: "Your new device sign-in code", action: "sign in on a new device" },
    security: { subject: "Your security settings code", action: "change your security settings" },
    social: { subject: "Your social sign-in code", action: "sign in with your social account" },
    step_up: { subject: "Your code to confirm it's you", action: "confirm it's you before a change to your account's security" },
  },
  zh: {
    register: { subject: "注册验证码", action: "注册账号" },
    login: { subject: "登录验证码", action: "登录" },
    findpwd: { subject: "找回密码验证码", action: "重置密码" },
    delete: { subject: "注销账号验证码", action: "永久注销账号" },
    device: { subject: "新设备登录验证码", action: "在新设备上登录" },
    security: { subject: "安全设置验证码", action: "修改安全设置" },
    social: { subject: "社交账号登录验证码", action: "使用社交账号登录" },
    step_up: { subject: "身份验证码", action: "验证身份以修改账号安全设置" },
  },
};

export function verificationCodeMail(input: {
  to: string;
  code: string;
  purpose: CodePurpose;
  lang: Lang;
  validMinutes: number;
}): MailMessage {
  const { subject, action } = CODE_TEXT[input.lang][input.purpose];
  const text =
    input.lang === "zh"
      ? [
          `您正在${action}，验证码：${input.code}`,
          "",
          `验证码 ${input.validMinutes} 分钟内有效，只能使用一次。请勿告诉他人。`,
          "如果这不是您本人的操作，请忽略此邮件。",
        ].join("\n")
      : [
          `Your verification code to ${action}: ${input.code}`,
          "",
          `It is valid for ${input.validMinutes} minutes and works once. Do not share it with anyone.`,
          "If you did not ask for this code, you can ignore this email.",
        ].join("\n");
  return { to: input.to, subject, text, secrets: [input.code] };
}
