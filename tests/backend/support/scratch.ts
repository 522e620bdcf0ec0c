import fs from "node:fs";
import os from "node:os";

/**
 * Where the backend tests keep their database directories: memory (tmpfs, /dev/shm) when the
 * machine has it, otherwise the system's temporary directory. Every backend starts from a copy
 * of a 40 MB migrated PGlite directory (pglite-template.ts), and a test's writes go to its copy:
 * on the disk of a busy machine that copy alone took 3–11 s per backend (most of a per-test
 * backend's start), in memory 0.3–0.6 s. The database is the same PGlite, opened and migrated
 * the same way; only the medium under its files changes. TEST_SCRATCH_DIR picks another place.
 */
export function scratchRoot(): string {
  const chosen = process.env.TEST_SCRATCH_DIR;
  if (chosen) return chosen;
  try {
    fs.accessSync("/dev/shm", fs.constants.W_OK);
    if (fs.statSync("/dev/shm").isDirectory()) return "/dev/shm";
  } catch {
    // no tmpfs here: the disk
  }
  return os.tmpdir();
}
