import fs from "node:fs";
import path from "node:path";

/**
 * The server action ids of this build, so the portal's server can answer a call of an id the
 * build does not have (a page left open across a deployment, or a made-up id) with a 404 and a
 * translated message before Next, which would answer 409 and log a stack trace
 * ("Failed to find Server Action").
 *
 * Read once at start from the build's server-reference manifest (`next build` writes it, and
 * `next start` reads the same file). Without it (no build, another layout), null: every id is
 * handed to Next as before.
 */
export type ActionIds = { has(id: string): boolean };

type Manifest = { node?: Record<string, unknown>; edge?: Record<string, unknown> };

export function readActionIds(distDir: string): ActionIds | null {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, "server", "server-reference-manifest.json"), "utf8")) as Manifest;
  } catch {
    return null;
  }
  if (typeof manifest.node !== "object" || manifest.node === null) return null;
  return new Set([...Object.keys(manifest.node), ...Object.keys(manifest.edge ?? {})]);
}

/** The id a request calls, when it is a server action call (POST with Next-Action), else null. */
export function calledActionId(method: string | undefined, header: string | string[] | undefined): string | null {
  if (method?.toUpperCase() !== "POST" || header === undefined) return null;
  return Array.isArray(header) ? (header[0] ?? "") : header;
}
