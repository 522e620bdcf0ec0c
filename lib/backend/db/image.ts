import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The build's database image: a PGlite data directory made by initdb and every migration at
 * build time (`npm run build` runs lib/backend/db/build-image.ts), packed as PGlite's own
 * tarball. A start with an empty DATA_DIR unpacks it instead of running initdb, which is most of
 * a new database's cost (about 10 s of CPU against 2 for the unpacking on a busy 2-core machine,
 * docs/performance.md); the migrations then run as on any start and find nothing to do.
 *
 * The image's name is a digest of the PGlite version and the migrations, so an image made by
 * another PGlite (its data format) or another set of migrations is never taken: the start then
 * makes the database as before. The image holds no secret: the migrations insert no rows, and
 * the server's secret lives beside the database, never in it (config.ts).
 */
export const IMAGE_DIR = path.join(".next", "database-image");

function pgliteVersion(root: string): string {
  // its package.json is not among the package's exports, so it is read as a file
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "node_modules", "@electric-sql", "pglite", "package.json"), "utf8")) as { version?: unknown };
  return String(manifest.version);
}

/** The image's file name for this PGlite and these migrations (the SQL and drizzle's journal). */
export function imageName(migrations: string, root = process.cwd()): string {
  const digest = createHash("sha256").update(`pglite ${pgliteVersion(root)}\0`);
  const files = fs.readdirSync(migrations).filter((name) => name.endsWith(".sql")).sort();
  for (const name of [...files, path.join("meta", "_journal.json")]) digest.update(`${name}\0`).update(fs.readFileSync(path.join(migrations, name)));
  return `pglite-${digest.digest("hex").slice(0, 16)}.tar.gz`;
}

/** The image to unpack into a new data directory, or null (none built, or built for other code). */
export function findImage(migrations: string, root = process.cwd()): string | null {
  const file = path.join(root, IMAGE_DIR, imageName(migrations, root));
  return fs.existsSync(file) ? file : null;
}

/** A PGlite data directory that holds a database already (initdb writes PG_VERSION first). */
export function holdsDatabase(dir: string): boolean {
  return fs.existsSync(path.join(dir, "PG_VERSION"));
}
