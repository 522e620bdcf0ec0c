import { randomBytes } from "node:crypto";
import { Client } from "pg";

/**
 * The PostgreSQL run of the backend suite (run-backend-tests.sh sets TEST_POSTGRES_URL to a
 * throwaway cluster on loopback): each test file gets a database of its own, created when its
 * backend starts and dropped when it stops, so files never see each other's rows.
 */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL?.trim() || null;

/** Which database this run of the suite uses. */
export const TEST_DATABASE: "pglite" | "postgres" = TEST_POSTGRES_URL ? "postgres" : "pglite";

async function admin<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_POSTGRES_URL ?? undefined });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test cluster (the services migrate it when they open it). */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_POSTGRES_URL) throw new Error("TEST_POSTGRES_URL is not set");
  const name = `passport_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => admin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
