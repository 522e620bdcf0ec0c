import type { AppHeaders } from "@/lib/contract/headers";
import type { Locale } from "@/lib/i18n/routing";
import { brandCodeOf, DEFAULT_BRAND, type BrandCode } from "./brands";
import { detectSystem } from "./device";
import { safeImage } from "./image";
import { LAUNCH_PARAMS, type LaunchParam } from "./keys";

export { safeImage } from "./image";

/** The query parameters a host or native app launches the portal with (SPEC §2). */
export { LAUNCH_PARAMS, type LaunchParam } from "./keys";

import type { LaunchSystem } from "./system";
export type { LaunchSystem } from "./system";
/** A client's platform as the upstream records it (SPEC §3): native, browser or embedded in the OS. */
export type Platform = LaunchSystem | `web-${LaunchSystem}` | "os";

export type LaunchContext = {
  /** brand code; unknown or missing means passport */
  p: BrandCode;
  /** origin code, defaults to the brand code */
  o: string;
  s: LaunchSystem;
  /** true when `s` was not given and comes from the user agent */
  sDetected: boolean;
  /** app version of the native client that launched the portal; empty in a browser */
  av: string;
  /** custom home image: an https URL or a same-origin path */
  img: string | null;
  /** `sl=0` hides social login */
  showSocialLogin: boolean;
  /** `lr=0` hides the login/register switch */
  showLoginRegisterSwitch: boolean;
  /** language for the message centre */
  l: Locale | null;
  /** the parameters that came in the query, sanitised; links inside the portal carry these on */
  given: Partial<Record<LaunchParam, string>>;
};

export type LaunchQueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

const CODE_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
const VERSION_PATTERN = /^v?\d{1,6}(\.\d{1,6}){0,3}([-+][0-9A-Za-z.-]{1,24})?$/;

/** `imageHosts`: the hosts a launch image may come from (portalConfig().imageHosts). */
export function parseLaunchContext(query: LaunchQueryInput, userAgent: string | null, imageHosts: readonly string[] = []): LaunchContext {
  const given: Partial<Record<LaunchParam, string>> = {};
  const read = (name: LaunchParam) => firstValue(query, name);

  const brand = brandCodeOf(read("p"));
  const p = brand ?? DEFAULT_BRAND;
  if (brand) given.p = brand;

  const origin = read("o");
  const o = origin && CODE_PATTERN.test(origin) ? origin : p;
  if (origin && CODE_PATTERN.test(origin)) given.o = origin;

  const system = read("s")?.toLowerCase();
  const sGiven = isLaunchSystem(system);
  const s = sGiven ? system : detectSystem(userAgent);
  if (sGiven) given.s = s;

  const version = read("av");
  const av = version && VERSION_PATTERN.test(version) ? version : "";
  if (av) given.av = av;

  const image = read("img");
  const img = image ? safeImage(image, imageHosts) : null;
  if (img) given.img = img;

  const social = read("sl");
  if (social !== undefined) given.sl = social === "0" ? "0" : "1";
  const loginRegister = read("lr");
  if (loginRegister !== undefined) given.lr = loginRegister === "0" ? "0" : "1";

  const l = languageOf(read("l"));
  if (l) given.l = l;

  return {
    p,
    o,
    s,
    sDetected: !sGiven,
    av,
    img,
    showSocialLogin: social !== "0",
    showLoginRegisterSwitch: loginRegister !== "0",
    l,
    given,
  };
}

function isLaunchSystem(value: string | undefined): value is LaunchSystem {
  return value === "pc" || value === "mobile" || value === "pad";
}

function firstValue(query: LaunchQueryInput, name: string): string | undefined {
  // duck-typed: URLSearchParams of another realm (jsdom, Edge) fail `instanceof`
  const raw = isSearchParams(query) ? query.get(name) : query[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function isSearchParams(query: LaunchQueryInput): query is URLSearchParams {
  return typeof query.get === "function";
}

function languageOf(value: string | undefined): Locale | null {
  const lang = value?.toLowerCase();
  if (lang === "zh" || lang?.startsWith("zh-")) return "zh";
  if (lang === "en" || lang?.startsWith("en-")) return "en";
  return null;
}

/** The launch parameters that came in the query, in a fixed order, to carry on to other portal pages. */
export function launchQuery(ctx: LaunchContext): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of LAUNCH_PARAMS) {
    const value = ctx.given[name];
    if (value !== undefined) params.set(name, value);
  }
  return params;
}

/**
 * Adds the launch parameters to an internal href (`/en/register?x=1#top`); parameters the
 * href already has win. Anything that is not a same-origin path is returned unchanged.
 */
export function withLaunchQuery(href: string, ctx: LaunchContext): string {
  if (!href.startsWith("/") || href.startsWith("//") || href.startsWith("/\\")) return href;
  const url = new URL(href, "http://portal.invalid");
  for (const [name, value] of launchQuery(ctx)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The client's platform: a native client (it sent `av`) reports its system, a browser
 * `web-<system>`. `os` (embedded in the operating system) cannot come from the query;
 * a caller that knows it is embedded so says with `embeddedInOs`.
 */
export function platformOf(ctx: Pick<LaunchContext, "s" | "av">, embeddedInOs = false): Platform {
  if (embeddedInOs) return "os";
  return ctx.av ? ctx.s : `web-${ctx.s}`;
}

/** The app headers of every upstream call (SPEC §7) for this launch. */
export function appHeadersFor(ctx: LaunchContext, embeddedInOs = false): AppHeaders {
  return { code: ctx.p, system: platformOf(ctx, embeddedInOs), appVersion: ctx.av, origin: ctx.o };
}
