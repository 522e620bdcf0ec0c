import fs from "node:fs";
import path from "node:path";

/**
 * PGlite is PostgreSQL inside one process: two processes opening the same data directory
 * corrupt it. The process that opens it writes its pid to DATA_DIR/pglite.lock and removes
 * the file when it closes the database; another process (the portal, `npm run cli`) is
 * refused while that pid is alive. A lock left by a process that died is taken over.
 */
const LOCK_FILE = "pglite.lock";

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holderOf(file: string): number | null {
  try {
    return Number.parseInt(fs.readFileSync(file, "utf8").trim(), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  readonly lockFile: string;

  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is open in process ${pid}. PGlite allows one process at a time: ` +
        `stop that process (the portal or another command) and try again, or use DATABASE_URL. ` +
        `If no such process is running, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = "DataDirInUseError";
    this.dataDir = dataDir;
    this.pid = pid;
    this.lockFile = path.join(dataDir, LOCK_FILE);
  }
}

/** Take the directory for this process; returns the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: "wx", mode: 0o600 });
      return () => {
        if (holderOf(file) === process.pid) fs.rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = holderOf(file);
    if (holder !== null && holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
    // left behind by a process that is gone (or by this one): take it over
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not lock ${dataDir}`);
}
