import { TEST_DATABASE } from "./postgres";

/** Counts the statements the driver in use is handed while `work` runs (the cost tests: what a path asks of the database). */
export async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  const spy =
    TEST_DATABASE === "postgres"
      ? jest.spyOn((await import("pg")).default.Client.prototype, "query")
      : jest.spyOn((await import("@electric-sql/pglite")).PGlite.prototype, "query");
  try {
    await work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}
