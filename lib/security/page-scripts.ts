import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { NextResponse } from "next/server";
import type { ScriptSources } from "./headers";

/**
 * Which scripts a page the proxy serves may run (lib/security/headers.ts): a page Next renders
 * per request gets a fresh nonce; a prerendered page (the same bytes for everyone, so no nonce
 * can be in them) gets the hashes of its inline scripts, read once from the build's own copy of
 * the page, which is what Next serves. A page is prerendered exactly when that copy exists.
 * A page regenerated at run time (`revalidate`) would outgrow the hashes read once: such a page
 * must not be given this policy (only /announcement revalidates, and the proxy leaves it alone).
 */

/** Next's build output, where `next start` serves a prerendered page from (no custom distDir). */
const PRERENDERED_DIR = path.join(process.cwd(), ".next", "server", "app");

/** 128 random bits, base64 (the characters Next accepts in a nonce). */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * The base64 SHA-256 of each inline script of a page, as CSP matches them: the script's text
 * exactly as written (the HTML parser decodes no entities inside <script>). Scripts with a src
 * are left to 'self'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes = "", text = ""] = match;
    if (/\ssrc\s*=/i.test(attributes) || text.length === 0) continue;
    hashes.add(createHash("sha256").update(text, "utf8").digest("base64"));
  }
  return [...hashes];
}

/** Per page path: its hashes, or null when Next renders it per request. One build, one answer. */
const byPage = new Map<string, readonly string[] | null>();

function prerenderedHashes(page: string): readonly string[] | null {
  const known = byPage.get(page);
  if (known !== undefined) return known;
  let hashes: readonly string[] | null = null;
  try {
    hashes = inlineScriptHashes(readFileSync(path.join(PRERENDERED_DIR, `${page}.html`), "utf8"));
  } catch {
    hashes = null; // no prerendered copy: rendered per request (and always under `next dev`)
  }
  // the development server renders every page per request, and its pages change as you edit
  if (process.env.NODE_ENV === "production") byPage.set(page, hashes);
  return hashes;
}

/**
 * The script sources of a page: its path under the app without slashes at the ends
 * (`en/profile/settings`, `announcement`), only ever a route the proxy resolved, never raw input.
 */
export function pageScriptSources(page: string): ScriptSources {
  const hashes = prerenderedHashes(page);
  return hashes ? { kind: "hashes", hashes } : { kind: "nonce", nonce: newNonce() };
}

/**
 * Next goes on to the page with its policy on the request (where Next reads the nonce it writes
 * on its scripts) and on the answer (in place of the app server's default page policy).
 */
export function nextWithPolicy(policy: string, headers: Headers): NextResponse {
  headers.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}
