import path from "node:path";
import { readRepoFile, repoFiles, repoPathExists } from "../support/repo-files";

/**
 * Every file of this repository that a comment, a doc or the README names exists: a path such as
 * `lib/contract/console/routes.ts` or a link such as `(security.md#logs)`. Paths with a placeholder
 * (`lib/actions/<domain>.ts`, `{lang}`, `…`, `*`) and build output (`.next/`) are not checked.
 */
const ROOTS = "(?:app|bench|components|deploy|docs|lib|messages|public|tests)";
const NAMED = new RegExp(`(?<![\\w@./-])(${ROOTS}/[\\w\\-./\\[\\]()@*<>{}…]+)`, "g");
const PLACEHOLDER = /[*<>{}…]/;
const LINK = /\]\(([\w\-./]+\.md)(?:#[\w-]*)?\)/g;
/** Files of other repositories named on purpose, by the file that names them. */
const ELSEWHERE: Record<string, string[]> = {
  // a page of Keycloak's own repository, cited as a source
  "docs/performance.md": ["docs/guides/high-availability/concepts-memory-and-cpu-sizing.adoc"],
};
const SELF = path.relative(path.resolve(__dirname, "../../.."), __filename);

const files = [
  ...["app", "bench", "components", "deploy", "lib", "tests", ".ci"].flatMap((dir) => repoFiles(dir, /\.(tsx?|mjs|cjs|sh|cfg)$|^run$/)),
  ...repoFiles("docs", /\.md$/),
  ...["README.md", "proxy.ts", "server.ts", "instrumentation.ts", "eslint.config.mjs", "next.config.mjs", "jest.config.mjs", "playwright.config.ts"],
].filter((file) => file !== SELF);

function exists(from: string, named: string): boolean {
  const candidates = [named, `${named}.ts`, `${named}.tsx`, path.posix.join(path.posix.dirname(from), named)];
  return candidates.some(repoPathExists);
}

test("every repository path a comment or a doc names exists", () => {
  const missing: string[] = [];
  for (const file of files) {
    readRepoFile(file)
      .split("\n")
      .forEach((line, index) => {
        const named = [...line.matchAll(NAMED)].map((match) => (match[1] ?? "").split("](")[0]?.replace(/[.,:;)]+$/, "") ?? "");
        const linked = file.endsWith(".md") ? [...line.matchAll(LINK)].map((match) => path.posix.join(path.posix.dirname(file), match[1] ?? "")) : [];
        for (const name of [...named, ...linked]) {
          if (PLACEHOLDER.test(name) || name.includes("/.next") || ELSEWHERE[file]?.includes(name)) continue;
          if (!exists(file, name)) missing.push(`${file}:${index + 1} ${name}`);
        }
      });
  }
  expect(files.length).toBeGreaterThan(500);
  expect(missing).toEqual([]);
});
