import { pgliteTemplate } from "./pglite-template";

/**
 * Once per run, before any test file and outside every test's budget: the migrated PGlite
 * database every backend starts from (pglite-template.ts). Made in a test file's hook, this
 * took half a minute on a busy machine, ran past the hook's budget and went on after jest had
 * torn the file down. The PostgreSQL run does not use it.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_POSTGRES_URL) return;
  await pgliteTemplate();
}
