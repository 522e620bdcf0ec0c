import type { IncomingHttpHeaders } from "node:http";
import { langFromHeader, type Lang } from "../lang";

/**
 * The provider's own pages, in the portal's look and both languages: the error page of a request
 * that cannot go back to the app (an unknown client, a redirect URI that is not registered, …),
 * the sign-out confirmation and its result, and an expired sign-in. They live here, beside the
 * provider, as the services' mails do (mail/templates.ts): the provider runs on the services'
 * side. No script, nothing loaded from elsewhere; the error page never shows a stack, only the
 * protocol's error code for the app's developers.
 */
export type PageText = {
  errorTitle: string;
  errorBody: string;
  expiredTitle: string;
  expiredBody: string;
  logoutTitle: string;
  logoutBody: string;
  logoutYes: string;
  logoutNo: string;
  loggedOutTitle: string;
  loggedOutBody: string;
  details: string;
};

export const PAGE_TEXT: Record<Lang, PageText> = {
  en: {
    errorTitle: "This sign-in cannot continue",
    errorBody: "The app sent a request the passport cannot accept. Go back to the app and try again; if it happens again, tell the app's team.",
    expiredTitle: "This sign-in has expired",
    expiredBody: "It took too long or was already finished. Go back to the app and sign in again.",
    logoutTitle: "Sign out?",
    logoutBody: "Sign out of the passport and of every app you signed in to with it, or only of the app that asked.",
    logoutYes: "Sign out everywhere",
    logoutNo: "Only this app",
    loggedOutTitle: "You are signed out",
    loggedOutBody: "You can close this page.",
    details: "For the app's developers",
  },
  zh: {
    errorTitle: "无法继续登录",
    errorBody: "应用发送的请求无法被通行证接受。请返回应用重试；如果再次出现，请告知应用的开发团队。",
    expiredTitle: "本次登录已过期",
    expiredBody: "等待时间过长或已经完成。请返回应用重新登录。",
    logoutTitle: "确定退出登录？",
    logoutBody: "您可以退出通行证及所有通过它登录的应用，或仅退出发起请求的应用。",
    logoutYes: "全部退出",
    logoutNo: "仅退出此应用",
    loggedOutTitle: "您已退出登录",
    loggedOutBody: "您可以关闭此页面。",
    details: "供应用开发者参考",
  },
};

/** `ui_locales` first (the app's wish), then the portal's language cookie, then the browser's. */
export function pageLang(uiLocales: unknown, headers: IncomingHttpHeaders): Lang {
  if (typeof uiLocales === "string" && uiLocales.trim()) return langFromHeader(uiLocales.trim().split(/\s+/)[0]);
  const cookie = /(?:^|;\s*)IntlLang=([^;]*)/.exec(headers.cookie ?? "")?.[1];
  if (cookie) return langFromHeader(decodeURIComponent(cookie));
  return langFromHeader(headers["accept-language"]?.split(",")[0]);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE =
  "body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;background:#f5f7f6;color:#1f2933}" +
  "main{max-width:28rem;margin:4rem auto;padding:2rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}" +
  "h1{font-size:1.35rem;margin:0 0 1rem}p{line-height:1.5}code{font-size:.85rem;word-break:break-all}" +
  "button{font:inherit;border:0;border-radius:.5rem;padding:.6rem 1rem;margin:.25rem .5rem 0 0;cursor:pointer}" +
  ".primary{background:#28BE44;color:#05290f;font-weight:600}.secondary{background:#e4e7eb;color:#1f2933}small{color:#52606d}";

/** A whole page: `body` is HTML already escaped. */
export function page(lang: Lang, title: string, body: string): string {
  return `<!DOCTYPE html><html lang="${lang === "zh" ? "zh-CN" : "en"}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export function errorPage(lang: Lang, error: string | undefined): string {
  const text = PAGE_TEXT[lang];
  const code = error && /^[a-z_]{1,64}$/.test(error) ? `<p><small>${escapeHtml(text.details)}: <code>${escapeHtml(error)}</code></small></p>` : "";
  return page(lang, text.errorTitle, `<p>${escapeHtml(text.errorBody)}</p>${code}`);
}

export function expiredPage(lang: Lang): string {
  const text = PAGE_TEXT[lang];
  return page(lang, text.expiredTitle, `<p>${escapeHtml(text.expiredBody)}</p>`);
}

/** `form` is the provider's own hidden form (its action and xsrf token); the buttons submit it. */
export function logoutPage(lang: Lang, form: string): string {
  const text = PAGE_TEXT[lang];
  const buttons = `<button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>${escapeHtml(text.logoutYes)}</button><button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(text.logoutNo)}</button>`;
  return page(lang, text.logoutTitle, `<p>${escapeHtml(text.logoutBody)}</p>${form}${buttons}`);
}

export function loggedOutPage(lang: Lang): string {
  const text = PAGE_TEXT[lang];
  return page(lang, text.loggedOutTitle, `<p>${escapeHtml(text.loggedOutBody)}</p>`);
}
