import type { Lang } from "../lang";
import type { MailMessage } from "./types";

/**
 * The security notices: a short mail when something that guards an account changes, in the
 * language of the request that changed it, saying what happened, when, from which device and
 * roughly where, and what to do if it was not the account's owner. Never a code, a token or a
 * link that signs anyone in: only the security page's address, built from PUBLIC_ORIGIN.
 */
export const SECURITY_NOTICE_KINDS = [
  "password_changed",
  "passkey_added",
  "passkey_removed",
  "two_step_on",
  "two_step_off",
  "recovery_codes_used",
  "recovery_codes_renewed",
  "two_step_reset_by_operator",
  "account_secured",
] as const;
export type SecurityNoticeKind = (typeof SECURITY_NOTICE_KINDS)[number];

/**
 * `byOperator`: our support made the change (the console or `npm run cli`), not a request of
 * the user's: the mail then names no device or place (they would be the operator's) and its
 * "if it was you" line speaks of asking support. `byOwner`: the owner did it to protect the account
 * ("This wasn't me"): no "if it was you" line, and `ifNotYou` says what to do next.
 */
type NoticeText = { subject: string; happened: string; ifNotYou: string; byOperator?: boolean; byOwner?: boolean };

const NOTICE_TEXT: Record<Lang, Record<SecurityNoticeKind, NoticeText>> = {
  en: {
    password_changed: {
      subject: "Your password was changed",
      happened: "The password of your account {email} was changed.",
      ifNotYou: "If it was not you, someone else may know your password: set a new one at once with “Forgot password”, then sign out of other devices on your security page.",
    },
    passkey_added: {
      subject: "A passkey was added to your account",
      happened: "A passkey was added to your account {email}.",
      ifNotYou: "If it was not you, remove that passkey, change your password and sign out of other devices on your security page.",
    },
    passkey_removed: {
      subject: "A passkey was removed from your account",
      happened: "A passkey was removed from your account {email}; it no longer signs in.",
      ifNotYou: "If it was not you, someone else is signed in to your account: change your password and sign out of other devices on your security page.",
    },
    two_step_on: {
      subject: "Two-step sign-in was turned on",
      happened: "Two-step sign-in was turned on for your account {email}.",
      ifNotYou: "If it was not you, someone else is signed in to your account: change your password and sign out of other devices on your security page.",
    },
    two_step_off: {
      subject: "Two-step sign-in was turned off",
      happened: "Two-step sign-in was turned off for your account {email}.",
      ifNotYou: "If it was not you, change your password, sign out of other devices and turn two-step sign-in on again on your security page.",
    },
    recovery_codes_used: {
      subject: "A recovery code was used to sign in",
      happened: "A recovery code was used to sign in to your account {email}.",
      ifNotYou: "If it was not you, someone has your password and one of your recovery codes: change your password, make new recovery codes and sign out of other devices on your security page.",
    },
    recovery_codes_renewed: {
      subject: "New recovery codes were made",
      happened: "New recovery codes were made for your account {email}; the old ones no longer work.",
      ifNotYou: "If it was not you, change your password, make new recovery codes and sign out of other devices on your security page.",
    },
    two_step_reset_by_operator: {
      subject: "Our support turned two-step sign-in off",
      happened: "Our support team turned two-step sign-in off for your account {email}: the authenticator app and the recovery codes no longer work, and every device was signed out.",
      ifNotYou: "If you did not ask us for this, change your password at once and turn two-step sign-in on again on your security page, then reply to our support.",
      byOperator: true,
    },
    account_secured: {
      subject: "Your account was secured: every device was signed out",
      happened: "You said “This wasn't me” about an event of your account {email}. We signed every device and every app out of your account, and your password no longer signs in.",
      ifNotYou: "What to do next: set a new password with “Forgot password” (we email you a code), then sign in again. Until then you can still sign in with an emailed code or a passkey. Check your security page for anything else you do not recognise.",
      byOwner: true,
    },
  },
  zh: {
    password_changed: {
      subject: "您的密码已修改",
      happened: "您的账号 {email} 的密码已修改。",
      ifNotYou: "如果这不是您本人的操作，说明他人可能知道您的密码：请立即通过“忘记密码”设置新密码，然后在账号安全页面退出其他设备。",
    },
    passkey_added: {
      subject: "您的账号添加了通行密钥",
      happened: "您的账号 {email} 添加了一个通行密钥。",
      ifNotYou: "如果这不是您本人的操作，请在账号安全页面删除该通行密钥、修改密码并退出其他设备。",
    },
    passkey_removed: {
      subject: "您的账号删除了通行密钥",
      happened: "您的账号 {email} 删除了一个通行密钥，它已不能再用于登录。",
      ifNotYou: "如果这不是您本人的操作，说明他人已登录您的账号：请在账号安全页面修改密码并退出其他设备。",
    },
    two_step_on: {
      subject: "两步验证已开启",
      happened: "您的账号 {email} 已开启两步验证。",
      ifNotYou: "如果这不是您本人的操作，说明他人已登录您的账号：请在账号安全页面修改密码并退出其他设备。",
    },
    two_step_off: {
      subject: "两步验证已关闭",
      happened: "您的账号 {email} 已关闭两步验证。",
      ifNotYou: "如果这不是您本人的操作，请在账号安全页面修改密码、退出其他设备，并重新开启两步验证。",
    },
    recovery_codes_used: {
      subject: "有人使用恢复码登录了您的账号",
      happened: "有人使用恢复码登录了您的账号 {email}。",
      ifNotYou: "如果这不是您本人的操作，说明他人掌握了您的密码和一个恢复码：请在账号安全页面修改密码、生成新的恢复码并退出其他设备。",
    },
    recovery_codes_renewed: {
      subject: "已生成新的恢复码",
      happened: "您的账号 {email} 已生成新的恢复码，旧的恢复码已失效。",
      ifNotYou: "如果这不是您本人的操作，请在账号安全页面修改密码、生成新的恢复码并退出其他设备。",
    },
    two_step_reset_by_operator: {
      subject: "客服已为您关闭两步验证",
      happened: "我们的客服已为您的账号 {email} 关闭两步验证：身份验证器应用和恢复码均已失效，所有设备也已退出登录。",
      ifNotYou: "如果您没有向我们提出此请求，请立即修改密码，在账号安全页面重新开启两步验证，并回复我们的客服。",
      byOperator: true,
    },
    account_secured: {
      subject: "您的账号已受保护：所有设备均已退出登录",
      happened: "您对账号 {email} 的一条记录报告了“不是我本人”。我们已让所有设备和应用退出您的账号，您的密码也已不能用于登录。",
      ifNotYou: "下一步：请通过“忘记密码”设置新密码（我们会向您的邮箱发送验证码），然后重新登录。在此之前，您仍可使用邮箱验证码或通行密钥登录。请在账号安全页面检查是否还有其他您不认识的记录。",
      byOwner: true,
    },
  },
};

const LABELS: Record<Lang, { when: string; device: string; where: string; unknown: string; wasYou: string; askedSupport: string; securityPage: string; resetPage: string; footer: string }> = {
  en: {
    when: "When",
    device: "Device",
    where: "Where (approximate)",
    unknown: "unknown",
    wasYou: "If it was you, there is nothing to do.",
    askedSupport: "If you asked our support for this, there is nothing to do: sign in with your password and turn two-step sign-in on again when you are ready.",
    securityPage: "Your security page",
    resetPage: "Forgot password",
    footer: "This automatic notice never contains a code or a sign-in link. Never share a code with anyone.",
  },
  zh: {
    when: "时间",
    device: "设备",
    where: "地点（大致）",
    unknown: "未知",
    wasYou: "如果这是您本人的操作，无需处理。",
    askedSupport: "如果是您请客服这样做的，无需处理：请用密码登录，准备好后在账号安全页面重新开启两步验证。",
    securityPage: "账号安全页面",
    resetPage: "忘记密码",
    footer: "此邮件为自动发送的安全通知，不会包含验证码或登录链接。请勿将验证码告诉任何人。",
  },
};

/** "1 March 2026 at 08:00 UTC", "2026年3月1日 08:00 (UTC)": one time zone for everyone, named. */
function formatTime(at: Date, lang: Lang): string {
  const text = new Intl.DateTimeFormat(lang === "zh" ? "zh-CN" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at);
  return lang === "zh" ? `${text}（UTC）` : `${text} UTC`;
}

export function securityNoticeMail(input: {
  to: string;
  kind: SecurityNoticeKind;
  lang: Lang;
  at: Date;
  device: string | null;
  location: string | null;
  /** the account's security page on the portal's configured origin */
  securityUrl: string;
  /** the password-reset page, for a changed password */
  resetUrl: string;
}): MailMessage {
  const text = NOTICE_TEXT[input.lang][input.kind];
  const label = LABELS[input.lang];
  const colon = input.lang === "zh" ? "：" : ": ";
  const lines = [
    text.happened.replace("{email}", input.to),
    "",
    `${label.when}${colon}${formatTime(input.at, input.lang)}`,
    ...(text.byOperator ? [] : [`${label.device}${colon}${input.device ?? label.unknown}`, `${label.where}${colon}${input.location ?? label.unknown}`]),
    "",
    ...(text.byOwner ? [] : [text.byOperator ? label.askedSupport : label.wasYou]),
    text.ifNotYou,
    ...(input.kind === "password_changed" || input.kind === "account_secured" ? [`${label.resetPage}${colon}${input.resetUrl}`] : []),
    `${label.securityPage}${colon}${input.securityUrl}`,
    "",
    label.footer,
  ];
  return { to: input.to, subject: text.subject, text: lines.join("\n") };
}
