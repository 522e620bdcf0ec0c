import type { ErrorCodeValue, ErrorMessages, MessageLang } from "./errors";

/**
 * What the services say in `message` for each code, in English and Chinese. The portal never
 * shows these (it translates by code from messages/*.json); they are for native apps and direct
 * callers that show `message`. Its type lists every code, so a new code needs both texts here.
 * Never put a value from a request in them.
 */
export const ERROR_MESSAGES: ErrorMessages = {
  0: { en: "Success.", zh: "成功。" },
  1000: { en: "Could not reach the network.", zh: "无法连接网络。" },
  1002: { en: "Network error, please check the connection and try again.", zh: "网络错误，请检查网络连接后重试。" },
  10000: { en: "System error, please try again later.", zh: "系统错误，请稍后重试。" },
  10001: { en: "Invalid request parameters.", zh: "请求参数无效。" },
  10002: { en: "Information out of limit.", zh: "信息超出限制。" },
  10003: { en: "Please wait before requesting another code.", zh: "请稍候再获取验证码。" },
  10004: { en: "Too many requests.", zh: "请求过于频繁，请稍后再试。" },
  10005: { en: "The request timed out.", zh: "请求超时。" },
  10006: { en: "Not found.", zh: "未找到。" },
  10007: { en: "System error, try later or contact customer service.", zh: "系统错误，请稍后再试或联系客服。" },
  20101: { en: "Login has expired, please log in again.", zh: "登录已过期，请重新登录。" },
  20102: { en: "Insufficient authority.", zh: "权限不足。" },
  20103: { en: "Account restricted.", zh: "账号已被限制。" },
  20104: { en: "Prohibited IP address.", zh: "IP 地址被禁止。" },
  20105: { en: "Account banned.", zh: "账号已被封禁。" },
  20106: { en: "Human verification required.", zh: "需要完成人机验证。" },
  20107: { en: "Human verification failed.", zh: "人机验证失败。" },
  20109: { en: "This device is new to the account: a verification code was sent to its email.", zh: "该设备首次登录此账号，验证码已发送到账号邮箱。" },
  20110: { en: "Unsupported image: please use a PNG, JPEG or WebP image.", zh: "不支持的图片，请使用 PNG、JPEG 或 WebP 图片。" },
  20111: { en: "The image is too large: at most 5 MB.", zh: "图片过大，最大 5 MB。" },
  20112: { en: "The avatar could not be stored, please try again.", zh: "头像保存失败，请重试。" },
  20113: { en: "For your security, confirm it is you first.", zh: "为了您的账号安全，请先验证身份。" },
  20201: { en: "Account already exists.", zh: "账号已存在。" },
  20202: { en: "Account does not exist.", zh: "账号不存在。" },
  20203: { en: "Email not found.", zh: "未找到该邮箱。" },
  20204: { en: "Incorrect verification code.", zh: "验证码错误。" },
  20205: { en: "Incorrect account or password.", zh: "账号或密码错误。" },
  20206: { en: "Incorrect password.", zh: "密码错误。" },
  20207: { en: "Invalid email address.", zh: "邮箱地址无效。" },
  20208: { en: "This email is connected to another account.", zh: "该邮箱已关联其他账号。" },
  20220: { en: "This password is on a list of common or leaked passwords; choose another one.", zh: "该密码出现在常见或泄露密码列表中，请换一个密码。" },
  20221: { en: "For your safety this password no longer signs in: set a new one with Forgot password, or sign in with an emailed code.", zh: "为了您的安全，此密码已不能用于登录：请通过“忘记密码”设置新密码，或使用邮箱验证码登录。" },
  20222: { en: "That event is not in your security activity.", zh: "您的安全记录中没有该事件。" },
  20301: { en: "Social sign-in failed.", zh: "社交账号授权失败。" },
  20302: { en: "This social account is connected to another account.", zh: "该社交账号已绑定其他账号。" },
  20303: { en: "Disconnection failed: the account is not connected to that service.", zh: "解绑失败：账号未连接该服务。" },
  20304: { en: "This is the only way into the account. Set a password before you remove it.", zh: "这是登录您账号的唯一方式。请先设置密码，再将其移除。" },
  20305: { en: "Enterprise accounts cannot use social sign-in.", zh: "企业账号不能使用社交账号登录。" },
  20306: { en: "This request has expired, please start again.", zh: "该请求已过期，请重新开始。" },
  20307: { en: "That return address is not allowed.", zh: "该回调地址不被允许。" },
  20308: { en: "This sign-in service is not available right now.", zh: "该登录方式暂时不可用。" },
  20309: { en: "The account is already connected to another account of this service.", zh: "该账号已连接此服务的另一个账号。" },
  20310: { en: "The account already has a password.", zh: "该账号已设置密码。" },
  20311: { en: "An account with this email exists: confirm it is yours to connect it.", zh: "已存在使用该邮箱的账号，请确认是您本人的账号后再连接。" },
  20312: { en: "The social account did not share a verified email: please enter one.", zh: "社交账号未提供已验证的邮箱，请输入您的邮箱。" },
  20401: { en: "This site may not set the sign-in cookie for that domain.", zh: "此站点不能为该域名设置登录 Cookie。" },
  20402: { en: "That address is not an allowed destination.", zh: "该地址不是允许跳转的目标。" },
  20403: { en: "Another account is already signed in on this site; it was kept.", zh: "该站点已登录另一个账号，已保留原登录。" },
  20404: { en: "This page was not opened by an allowed app.", zh: "此页面不是由允许的应用打开的。" },
  20501: { en: "Invalid, expired or used redemption code.", zh: "兑换码无效、已过期或已被使用。" },
  20502: { en: "Please complete the safety training first.", zh: "请先完成安全培训。" },
  20503: { en: "Please watch the whole welder training video first.", zh: "请先完整观看焊接机培训视频。" },
  20504: { en: "The device SN must be 23 characters long.", zh: "设备 SN 应为 23 个字符。" },
  20505: { en: "The device SN may contain only letters, digits and '-'.", zh: "设备 SN 只能包含字母、数字和“-”。" },
  20506: { en: "The video must be watched from the start without skipping; please start again.", zh: "视频需要从头完整观看，不能快进，请重新开始。" },
  20507: { en: "Too many SN passwords for new devices in 24 hours; please try again later.", zh: "24 小时内新设备的 SN 密码已达上限，请稍后再试。" },
  20601: { en: "System messages cannot be turned off.", zh: "系统消息无法关闭。" },
  20602: { en: "This message does not exist.", zh: "该消息不存在。" },
  20701: { en: "The passkey could not be verified.", zh: "无法验证该通行密钥。" },
  20702: { en: "The passkey request has expired; please try again.", zh: "通行密钥请求已过期，请重试。" },
  20703: { en: "This account has the most passkeys it may have.", zh: "该账号的通行密钥已达上限。" },
  20704: { en: "That is not a passkey answer.", zh: "这不是有效的通行密钥应答。" },
  20705: { en: "Passkey not found.", zh: "未找到该通行密钥。" },
  20706: { en: "That passkey is already registered.", zh: "该通行密钥已经注册过了。" },
  20801: { en: "That app has no access to this account.", zh: "该应用没有访问此账号的权限。" },
  20901: { en: "Two-step sign-in is on: finish with the second step.", zh: "已开启两步验证，请完成第二步以登录。" },
  20902: { en: "This sign-in has expired, please sign in again.", zh: "本次登录已过期，请重新登录。" },
  20903: { en: "Incorrect or already used code.", zh: "验证码错误或已被使用。" },
  20904: { en: "Two-step sign-in is already on.", zh: "两步验证已开启。" },
  20905: { en: "Two-step sign-in is off.", zh: "两步验证未开启。" },
  20906: { en: "The setup has expired, please start again.", zh: "设置已过期，请重新开始。" },
  21101: { en: "The import file is too large or has too many rows.", zh: "导入文件过大或行数过多。" },
  21102: { en: "The import file is not valid CSV or JSON of users.", zh: "导入文件不是有效的用户 CSV 或 JSON。" },
  21103: { en: "This operator's authenticator was made under another server secret and cannot be checked here.", zh: "该操作员的身份验证器是在另一个服务器密钥下创建的，无法在此验证。" },
};

/** The text of a code in a language. */
export function errorMessage(code: ErrorCodeValue, lang: MessageLang): string {
  return ERROR_MESSAGES[code][lang];
}

/** The language of a services' message: the caller's `lang` header, `zh`, `zh-CN`, `ZH-Hans`… → zh; anything else → en. */
export function messageLangOf(header: string | null | undefined): MessageLang {
  return /^zh(?:$|[-_])/i.test((header ?? "").trim()) ? "zh" : "en";
}
