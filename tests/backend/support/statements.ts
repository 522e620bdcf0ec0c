/** Counts the statements the driver is handed while `work` runs (the cost tests: what a path asks of the database). Both databases are reached through node-postgres (PGlite through its adapter, lib/backend/db/pglite-pool.ts). */
export async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const spy = jest.spyOn((await import("pg")).default.Client.prototype, "query");
  try {
    await work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
