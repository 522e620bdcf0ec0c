import fs from "node:fs";
import path from "node:path";

/** The repository's own files, for tests that check what the code and the docs say of it. */
export const ROOT = path.resolve(__dirname, "../../..");
const SKIP = new Set(["node_modules", ".next", ".git", ".swc", "data", "test-results", "playwright-report"]);

/** Files under `dir` (relative to the root) whose name matches `name`, as root-relative paths. */
export function repoFiles(dir: string, name: RegExp): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, relative), { withFileTypes: true })) {
      if (SKIP.has(entry.name) || entry.name.startsWith(".e2e")) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (name.test(entry.name)) found.push(child);
    }
  };
  walk(dir);
  return found.sort();
}

export function readRepoFile(relative: string): string {
  return fs.readFileSync(path.join(ROOT, relative), "utf8");
}

export function repoPathExists(relative: string): boolean {
  return fs.existsSync(path.join(ROOT, relative));
}
