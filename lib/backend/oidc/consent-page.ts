import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Lang } from "../lang";
import { escapeHtml, page } from "./pages";

/**
 * The consent screen of a third-party app (interaction.ts): the app's name and logo, what it asks
 * for in plain words, and Allow / Deny. A plain form posted back to the interaction's own address
 * (consent.ts checks it), so it needs no script, as the provider's other pages.
 */
type ConsentText = {
  title: string;
  intro: (app: string) => string;
  scopes: Record<string, string>;
  claims: string;
  remember: string;
  allow: string;
  deny: string;
};

/** exported for the e2e journey that reads the page as its user does */
export const CONSENT_TEXT: Record<Lang, ConsentText> = {
  en: {
    title: "Allow this app?",
    intro: (app) => `${app} would like to use your passport account. It is not an app of the passport's own brands. It asks to:`,
    scopes: {
      openid: "Know who you are (your account's ID)",
      email: "See your email address",
      profile: "See your nickname and avatar",
      offline_access: "Stay signed in while you are not using it",
    },
    claims: "See these details of your account:",
    remember: "The app will not ask again for what you allow now. You can sign out of it from your passport at any time.",
    allow: "Allow",
    deny: "Deny",
  },
  zh: {
    title: "允许此应用？",
    intro: (app) => `${app} 希望使用您的通行证账号。它不属于通行证自有品牌的应用。它请求：`,
    scopes: {
      openid: "识别您的身份（您的账号 ID）",
      email: "查看您的邮箱地址",
      profile: "查看您的昵称和头像",
      offline_access: "在您未使用时保持登录",
    },
    claims: "查看您账号的以下信息：",
    remember: "您现在允许的内容，该应用不会再次询问。您可以随时在通行证中退出该应用。",
    allow: "允许",
    deny: "拒绝",
  },
};

export const CONSENT_SCOPES = ["openid", "email", "profile", "offline_access"] as const;

/**
 * The brand's logo, when the portal ships one (public/brands/, named as lib/launch/brands.ts
 * names them: the brand code with '-' for '_'). The services do not import the portal's brand
 * registry (ARCHITECTURE: the two halves share only lib/contract), so the file itself is looked for.
 */
const logos = new Map<string, string | null>();
function logoOf(brand: string | null): string | null {
  if (!brand) return null;
  const cached = logos.get(brand);
  if (cached !== undefined) return cached;
  const file = `${brand.replace(/_/g, "-")}.svg`;
  const logo = /^[a-z0-9.-]+\.svg$/i.test(file) && existsSync(join(process.cwd(), "public", "brands", file)) ? `/brands/${file}` : null;
  logos.set(brand, logo);
  return logo;
}

export type ConsentView = { action: string; xsrf: string; app: string; brand: string | null; scopes: readonly string[]; claims: readonly string[] };

export function consentPage(lang: Lang, view: ConsentView): string {
  const text = CONSENT_TEXT[lang];
  const logo = logoOf(view.brand);
  const header = logo ? `<p><img src="${escapeHtml(logo)}" alt="" height="40"></p>` : "";
  const items = view.scopes.flatMap((scope) => (text.scopes[scope] ? [`<li>${escapeHtml(text.scopes[scope])}</li>`] : []));
  const claims = view.claims.length > 0 ? `<p>${escapeHtml(text.claims)} ${view.claims.map((claim) => `<code>${escapeHtml(claim)}</code>`).join(", ")}</p>` : "";
  const form =
    `<form method="post" action="${escapeHtml(view.action)}"><input type="hidden" name="xsrf" value="${escapeHtml(view.xsrf)}">` +
    `<button class="primary" type="submit" name="decision" value="allow">${escapeHtml(text.allow)}</button>` +
    `<button class="secondary" type="submit" name="decision" value="deny">${escapeHtml(text.deny)}</button></form>`;
  const body = `${header}<p>${escapeHtml(text.intro(view.app))}</p><ul>${items.join("")}</ul>${claims}<p><small>${escapeHtml(text.remember)}</small></p>${form}`;
  return page(lang, text.title, body);
}
