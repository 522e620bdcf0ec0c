/**
 * At server start, open the reference services' database and apply its migrations, so the
 * first visitor does not wait for it and a broken database fails the start, not a sign-in.
 * Skipped when the passport API is another origin (the embedded services are then unused).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.PASSPORT_API_URL) return;
  const { getDb } = await import("./lib/backend/db/client");
  await getDb();
}
