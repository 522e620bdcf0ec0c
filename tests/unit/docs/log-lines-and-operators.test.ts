import { readRepoFile, repoFiles } from "../support/repo-files";

/** What the README and docs tell a newcomer to look for, or to do, holds. */
const docs = ["README.md", ...repoFiles("docs", /\.md$/)];
const code = ["server.ts", ...repoFiles("lib", /\.tsx?$/)].map(readRepoFile).join("\n");

test('every log line the docs quote as "msg" is one the code writes', () => {
  const quoted = docs.flatMap((file) => [...readRepoFile(file).matchAll(/"msg":"([^"…]+)…?"/g)].map((match) => ({ file, text: (match[1] ?? "").trim() })));
  expect(quoted.map(({ text }) => text)).toContain("the portal is listening");
  expect(quoted.filter(({ text }) => !code.includes(`"${text}`))).toEqual([]);
});

test("no doc and no help text says to stop the portal before an operator command: commands go through it", () => {
  const stopFirst = /stop the portal first|portal stopped|stop the\s+portal\s+(?:\([^)]*\)\s+)?while a command runs/i;
  const texts = [...docs, "lib/backend/cli/run.ts", "lib/backend/cli/usage.ts"];
  expect(texts.filter((file) => stopFirst.test(readRepoFile(file).replace(/\s+/g, " ")))).toEqual([]);
});
