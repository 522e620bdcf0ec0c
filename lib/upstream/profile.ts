import "server-only";
import { isEmbeddedService } from "./config";
import { emptySchema } from "@/lib/contract/envelope";
import { headpicResponse, regionListResponse, type RegionItem } from "@/lib/contract/user";
import { upstreamBaseUrl } from "./config";
import { passportCall, type UpstreamContext } from "./context";

/* The user centre's calls on the passport API (SPEC §7): avatar, personal information, countries and regions. */

/**
 * Replaces the avatar (PATCH /v1/user/headpic, multipart field `headpic`). Returns the new
 * headpic as the services name it (often a path relative to the passport API: see avatarSrc).
 */
export async function uploadHeadpic(ctx: UpstreamContext, input: { file: Blob; filename: string }): Promise<{ headpic: string }> {
  const form = new FormData();
  form.set("headpic", input.file, input.filename);
  return passportCall(ctx, { method: "PATCH", path: "/v1/user/headpic", body: form, schema: headpicResponse });
}

/** Nickname and introduction (PATCH /v1/user/otherinfo); an empty value clears it. */
export async function updateOtherInfo(ctx: UpstreamContext, input: { nickname: string; introduction: string }): Promise<void> {
  await passportCall(ctx, { method: "PATCH", path: "/v1/user/otherinfo", body: input, schema: emptySchema });
}

export async function updateGender(ctx: UpstreamContext, input: { gender: "male" | "female" }): Promise<void> {
  await passportCall(ctx, { method: "PATCH", path: "/v1/user/gender", body: input, schema: emptySchema });
}

/** The birthday as YYYY-MM-DD (PATCH /v1/user/birthday). */
export async function updateBirthday(ctx: UpstreamContext, input: { birthday: string }): Promise<void> {
  await passportCall(ctx, { method: "PATCH", path: "/v1/user/birthday", body: input, schema: emptySchema });
}

/** Country and region ids (PATCH /v1/user/country); region null when there is none. */
export async function updateCountry(ctx: UpstreamContext, input: { country: number; region: number | null }): Promise<void> {
  await passportCall(ctx, { method: "PATCH", path: "/v1/user/country", body: input, schema: emptySchema });
}

/**
 * The region lists (GET /v1/region/country and /v1/region/country/{id}/states) are the same for
 * everyone, so the portal keeps each for a while per language (and upstream) instead of asking
 * on every view of the user centre; a failed answer is not kept.
 */
const REGIONS_KEPT_MS = 10 * 60_000;
/** Bounded: a caller naming ever new country ids must not grow it without end. */
const REGIONS_KEPT_MAX = 1_000;
const keptRegions = new Map<string, { until: number; list: Promise<RegionItem[]> }>();

function keptList(ctx: UpstreamContext, path: string, nowMs: number): Promise<RegionItem[]> {
  const key = `${upstreamBaseUrl("passport")}${path} ${ctx.lang}`;
  const kept = keptRegions.get(key);
  if (kept && kept.until > nowMs) return kept.list;
  const list = passportCall(ctx, { method: "GET", path, schema: regionListResponse });
  keptRegions.delete(key);
  if (keptRegions.size >= REGIONS_KEPT_MAX) {
    const oldest = keptRegions.keys().next();
    if (!oldest.done) keptRegions.delete(oldest.value);
  }
  keptRegions.set(key, { until: nowMs + REGIONS_KEPT_MS, list });
  list.catch(() => {
    if (keptRegions.get(key)?.list === list) keptRegions.delete(key);
  });
  return list;
}

/** Every country, named in the context's language. */
export async function listCountries(ctx: UpstreamContext, nowMs = Date.now()): Promise<RegionItem[]> {
  return keptList(ctx, "/v1/region/country", nowMs);
}

/** A country's states or regions, named in the context's language. */
export async function listStates(ctx: UpstreamContext, input: { countryId: number }, nowMs = Date.now()): Promise<RegionItem[]> {
  return keptList(ctx, `/v1/region/country/${input.countryId}/states`, nowMs);
}

/** Where the passport API keeps stored files; the portal's avatar route reads them from there. */
export const FILES_PATH = "/v1/files/";

/** Where the browser loads stored files from when the passport API is another origin. */
export const AVATAR_FILES_ROUTE = "/api/avatar/files/";

const FILE_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}(\/[A-Za-z0-9][A-Za-z0-9_.-]{0,63}){0,3}$/;

/** A stored file's key as the passport API's file route takes it (letters, digits, `_.-`, up to four segments). */
export function isFileKey(key: string): boolean {
  return key.length <= 200 && FILE_KEY.test(key);
}

/**
 * What an <img> on the portal's pages loads for a headpic. The services answer a path of the
 * passport API (/v1/files/…). With the default, the passport API is this app, so the path works
 * as it is; when PASSPORT_API_URL names another origin (perhaps one only the server can reach),
 * the portal serves the file through its own avatar route. Absolute https URLs (a bucket, a CDN)
 * are used as they are; anything else shows no avatar.
 */
export function avatarSrc(headpic: string | null): string | null {
  if (!headpic) return null;
  if (headpic.startsWith(FILES_PATH)) {
    const key = headpic.slice(FILES_PATH.length);
    if (!isFileKey(key)) return null;
    return isEmbeddedService("passport") ? headpic : `${AVATAR_FILES_ROUTE}${key}`;
  }
  try {
    const url = new URL(headpic);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** GET {passport API}/v1/files/{key}: the stored file itself (not an envelope), for the avatar route to pass on. */
export async function fetchStoredFile(key: string): Promise<Response> {
  return fetch(`${upstreamBaseUrl("passport")}${FILES_PATH}${key}`, {
    method: "GET",
    cache: "no-store",
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
  });
}
