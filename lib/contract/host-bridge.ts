/**
 * The host bridge: the window messages between the portal and a host application that frames it
 * (an iframe) or opened it (window mode). SPEC §2, §4, §9; every message is described in
 * docs/host-protocol.md, and public/embed/passport-embed.js speaks the same protocol.
 *
 * Plain TypeScript with a tiny validator (no zod): this module is loaded on every public page,
 * inside the 150 KB gzip budget. Every message is an object `{ protocol: "passport", version, type,
 * ...payload }`. A receiver accepts only its own protocol name, the version it speaks, a known
 * type and a payload of the right shape; anything else is ignored, never answered.
 */
export const HOST_PROTOCOL = "passport";
export const HOST_PROTOCOL_VERSION = 1;

/** SPEC §2/§9: the height reported to the host is never below this. */
export const MIN_EMBED_HEIGHT = 520;
/** Heights above this are not believed (a runaway layout); the host script clamps to it too. */
export const MAX_EMBED_HEIGHT = 100_000;
/** SPEC §4/§9: the host is sent the token this long after a sign-in. */
export const TOKEN_POST_DELAY_MS = 500;
/** Tokens are opaque to the host; this bounds what a receiver accepts. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{16,512}$/;
const PATH_PATTERN = /^\/[^\s]{0,2047}$/;

/** Portal → host. */
export type PortalMessage =
  /** the portal page loaded and listens; sent once per page load */
  | { type: "ready"; lang: string; path: string }
  /** the page's content height in CSS pixels, on every layout change (≥ MIN_EMBED_HEIGHT) */
  | { type: "height"; height: number }
  /** the portal moved to another screen (path without the query) */
  | { type: "route"; lang: string; path: string }
  /** a user signed in (the token follows TOKEN_POST_DELAY_MS later) */
  | { type: "login" }
  /** the session token of the user who just signed in */
  | { type: "token"; token: string }
  /** the user signed out */
  | { type: "logout" }
  /** this browser keeps no session inside the frame; the portal offered a new window */
  | { type: "sessionBlocked" };

/** Host → portal. */
export type HostMessage = { type: "reload" };

export type PortalMessageType = PortalMessage["type"];
export type Envelope<T> = T & { protocol: typeof HOST_PROTOCOL; version: typeof HOST_PROTOCOL_VERSION };

export function envelope<T extends PortalMessage | HostMessage>(message: T): Envelope<T> {
  return { protocol: HOST_PROTOCOL, version: HOST_PROTOCOL_VERSION, ...message };
}

type Fields = Record<string, unknown>;

function fieldsOf(data: unknown): Fields | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const fields = data as Fields;
  return fields.protocol === HOST_PROTOCOL && fields.version === HOST_PROTOCOL_VERSION && typeof fields.type === "string" ? fields : null;
}

const isLang = (value: unknown): value is string => value === "en" || value === "zh";
const isPath = (value: unknown): value is string => typeof value === "string" && PATH_PATTERN.test(value);

export function isHostToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

export function isEmbedHeight(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= MIN_EMBED_HEIGHT && value <= MAX_EMBED_HEIGHT;
}

/** A message from the portal, checked; null for anything else. */
export function readPortalMessage(data: unknown): PortalMessage | null {
  const m = fieldsOf(data);
  if (!m) return null;
  switch (m.type) {
    case "ready":
      return isLang(m.lang) && isPath(m.path) ? { type: "ready", lang: m.lang, path: m.path } : null;
    case "route":
      return isLang(m.lang) && isPath(m.path) ? { type: "route", lang: m.lang, path: m.path } : null;
    case "height":
      return isEmbedHeight(m.height) ? { type: "height", height: m.height } : null;
    case "token":
      return isHostToken(m.token) ? { type: "token", token: m.token } : null;
    case "login":
    case "logout":
    case "sessionBlocked":
      return { type: m.type };
    default:
      return null;
  }
}

/** A message from the host, checked; null for anything else. */
export function readHostMessage(data: unknown): HostMessage | null {
  const m = fieldsOf(data);
  return m?.type === "reload" ? { type: "reload" } : null;
}

/** The reported height: the content's, rounded up, never below the minimum nor above the maximum. */
export function embedHeight(contentHeight: number): number {
  const height = Number.isFinite(contentHeight) ? Math.ceil(contentHeight) : MIN_EMBED_HEIGHT;
  return Math.min(MAX_EMBED_HEIGHT, Math.max(MIN_EMBED_HEIGHT, height));
}

export { EMBED_PARAM, RELAY_PARAM, WINDOW_MODE } from "./embed-param";
