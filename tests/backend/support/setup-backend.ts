// Real databases, real sockets and proofs of work: each backend test gets room for a busy
// 2-core machine, where the suite also runs twice (PGlite, then PostgreSQL). testTimeout is a
// global option jest ignores inside a project, hence here.
jest.setTimeout(30_000);
