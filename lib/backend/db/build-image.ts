import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrationsFolder } from "./client";
import { IMAGE_DIR, imageName } from "./image";

/**
 * Makes the build's database image (image.ts): initdb and every migration in a scratch
 * directory, packed with PGlite's own dump, written under .next/database-image (in one rename,
 * so a start never reads half of it); older images are removed. Run by `npm run build`, from the
 * project root. An image for these migrations and this PGlite already there is kept as it is.
 */
export async function buildImage(root = process.cwd()): Promise<string> {
  const migrations = migrationsFolder();
  const target = path.join(root, IMAGE_DIR, imageName(migrations, root));
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // loaded as the portal loads them (client.ts): PGlite's WebAssembly comes with import()
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const { pglitePool } = await import("./pglite-pool");
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "passport-database-image-"));
  // written beside the target, so the rename stays on one file system
  const partial = `${target}.${process.pid}.partial`;
  try {
    const client = await PGlite.create(path.join(scratch, "pglite"), { extensions: { pg_trgm } });
    try {
      // migrated through the same driver as at every start (pglite-pool.ts), then let go of
      // before PGlite packs its files
      const pool = pglitePool(client);
      try {
        await migrate(drizzle({ client: pool }), { migrationsFolder: migrations });
      } finally {
        await pool.end();
      }
      const packed = await client.dumpDataDir("gzip");
      fs.writeFileSync(partial, Buffer.from(await packed.arrayBuffer()));
      fs.renameSync(partial, target);
    } finally {
      await client.close();
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
  for (const name of fs.readdirSync(path.dirname(target))) {
    if (name !== path.basename(target) && !name.endsWith(".partial")) fs.rmSync(path.join(path.dirname(target), name), { force: true });
  }
  return target;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  buildImage().then(
    (file) => process.stdout.write(`database image: ${path.relative(process.cwd(), file)}\n`),
    (error: unknown) => {
      process.stderr.write(`the database image could not be made: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
